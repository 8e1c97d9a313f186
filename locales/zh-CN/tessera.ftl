# Tessera 的简体中文文本。存储术语与 Microsoft 中文文档一致；协议自身的名称（ETag、If-Match、PartitionKey）保持原样。
# 如何报告翻译问题：docs/guide/languages.md。

## 菜单栏

menu-accounts = 帐户
menu-add-account = 添加帐户…
menu-export-settings = 导出设置…
menu-export-settings-hint = 将帐户、最近使用的资源、代理和外观导出到文件；仅在你选择时包含机密，并加密保存
menu-import-settings = 导入设置…
menu-view = 视图
menu-light-theme = 浅色主题
menu-dark-theme = 深色主题
menu-high-contrast = 高对比度
menu-high-contrast-hint = 黑底白字和黄字：所有文本与背景的对比度至少为 4.5:1（WCAG 2.1 AA）
menu-bottom-panel = 活动和 HTTP 检查器
menu-language = 语言
menu-language-system = 跟随系统（{ $language }）
menu-tools = 工具
menu-queue-backlogs = 队列积压
menu-seed-million = 写入一百万行…
menu-seed-million-hint = 以作业方式向当前帐户的新表写入 1,000,000 个实体
menu-proxy = 代理…
menu-conflict-lab = 冲突实验室
menu-help = 帮助
menu-shortcuts = 键盘快捷方式…
menu-about = 关于 Tessera…
menu-log-file = 日志文件：{ $path }
menu-accounts-file = 帐户文件：{ $path }
notice-connect-first = 请先连接一个帐户。
notice-connect-first-seed = 请先连接一个帐户：这些行将写入该帐户。
notice-connect-first-lab = 请先连接一个帐户：实验室的两个客户端都使用它。
notice-proxy-in-use = 代理设置已生效：已打开的帐户现在通过该代理连接。

## 关于

about-title = 关于 Tessera
about-license = 许可证：{ $license }
about-secrets = 机密保存在操作系统的密钥链中（Secret Service、macOS 钥匙串、Windows 凭据管理器）。

## 树、通知和选项卡

tree-heading = 资源管理器
tree-add-account = 添加帐户
tree-add-account-hint = 添加帐户：连接字符串、名称和密钥、SAS URL 或模拟器
tree-test-of = “{ $account }”的测试
notice-dismiss = 关闭
tab-close-hint = 关闭 (Ctrl+W)
tab-close-name = 关闭 { $title }

## 底部面板和状态栏

activity = 活动
activity-one-running = 活动（1 个正在运行：{ $job }）
activity-one-running-at = 活动（1 个正在运行：{ $job } { $percent }%）
activity-running = 活动（{ $running } 个正在运行）
activity-closed = 活动（{ $closed } 个已关闭的选项卡仍在工作）
activity-running-closed = 活动（{ $running } 个正在运行，{ $closed } 个已关闭的选项卡仍在工作）
inspector-tab = HTTP 检查器（{ $requests } 个请求，{ $failed } 个失败）
bottom-hide = 隐藏面板
bottom-hide-hint = 作业失败时面板会再次打开；在此期间，正在运行的作业显示在状态栏中
status-no-account = 没有帐户。请使用“添加帐户”添加一个。
status-account = 帐户：{ $account }
status-entra = Microsoft Entra ID：{ $token }
status-signed-with = 签名方式：{ $kind }
credential-account-key = 帐户密钥
credential-sas = 共享访问签名
credential-entra = Microsoft Entra ID 登录
credential-anonymous = 匿名
status-endpoint = 终结点：{ $endpoint }
status-endpoint-none = 无
status-connection = 连接：{ $state }
connection-closed = 未连接
connection-opening = 正在连接…
connection-failed = 失败：{ $why }
connection-paused = 已暂停：终结点持续失败
connection-answered = 已连接（上次响应 { $status }，用时 { $ms } 毫秒）
connection-service-failing = 已连接，但服务持续出错（上次响应 { $status }）
connection-unreachable = 无法访问（{ $why }）
connection-no-answer = 无响应
connection-ready = 已连接

## 资源管理器树和树中查找

tree-test-connection = 测试连接
tree-edit-account = 编辑帐户…
tree-account-sas = 帐户 SAS…
tree-account-sas-none = 帐户 SAS 使用帐户密钥签名；此帐户没有密钥。
tree-service-settings = 服务设置…
tree-remove-account = 删除帐户…
tree-connecting = 正在连接…
tree-loading = 正在加载…
tree-blob-containers = Blob 容器
tree-queues = 队列
tree-tables = 表
tree-counted = { $title } ({ $count })
tree-no-containers = 尚无 Blob 容器。
tree-no-queues = 尚无队列。
tree-no-tables = 尚无表。
tree-new-container = 新建容器…
tree-new-queue = 新建队列…
tree-new-table = 新建表…
tree-refresh-containers = 刷新 Blob 容器
tree-refresh-queues = 刷新队列
tree-refresh-tables = 刷新表
tree-open-containers = 打开这 { $count } 个容器
tree-open-queues = 打开这 { $count } 个队列
tree-open-tables = 打开这 { $count } 个表
tree-delete-containers = 删除这 { $count } 个容器…
tree-delete-queues = 删除这 { $count } 个队列…
tree-delete-tables = 删除这 { $count } 个表…
tree-open = 打开
tree-copy-url = 复制 URL
tree-open-portal = 在 Azure 门户中打开
tree-open-portal-hint = 该帐户在 Azure 门户中的页面
tree-count-entities = 统计实体数
tree-properties = 属性…
tree-delete = 删除…
find-hint = 查找容器、队列、表…
find-name = 在树中查找
find-hint-more = 名称的任意部分，不区分大小写，在所有已打开的帐户中查找：每个列表都会完整读取，包括所有页
find-reading = { $account } · { $service }：正在读取列表… 已列出 { $listed } 个
find-failed = { $account } · { $service }：{ $why }
find-nothing = 已打开帐户中没有名称包含“{ $text }”的容器、队列或表。
find-closed = { $closed } 个帐户未打开，未在其中查找（展开帐户即可打开它）。

## 活动列表

activity-cancel-job = 取消作业
activity-retry-now = 立即重试
activity-retry-job = 重试作业
activity-show-items = 显示项目
activity-copy-outcome = 复制结果
activity-outcome-running = { $job }：正在运行
activity-outcome-done = { $job }：用时 { $seconds } 秒完成：{ $summary }
activity-outcome-cancelled = { $job }：已取消
activity-outcome-failed = { $job } 失败：{ $why }
activity-items = 项目 ({ $count })
activity-items-name = { $job } 的项目 ({ $count })
activity-items-hint = 此作业的每个项目及其结果
activity-progress = { $done } / { $total }{ $left }
activity-last-failure = { $progress }。上次失败：{ $why }
activity-cancelling = 正在取消：作业会先完成清理…
activity-cancel = 取消 { $job }
activity-retry-now-name = 立即重试 { $job }
activity-done = 用时 { $seconds } 秒完成：{ $summary }
activity-cancelled = 在 { $progress } 后取消
activity-retry = 重试 { $job }
activity-network-wait = 正在等待网络，已等待 { $waited }（已尝试 { $tries } 次）；{ $next } 秒后再次尝试
duration-seconds = { $s } 秒
duration-minutes-seconds = { $m } 分 { $s } 秒
activity-left-seconds = ，约剩 { $n } 秒
activity-left-minutes = ，约剩 { $n } 分钟
activity-left-hours = ，约剩 { $n } 小时
activity-counts = { $running } 个正在运行，共 { $all } 个
activity-clear = 清除已完成的作业
activity-empty = 尚无作业。传输、扫描、导入和导出会在此显示其进度。
activity-failed = { $job } 失败：{ $why }
activity-items-of = { $job }：{ $count } 个项目
activity-close-items = 关闭项目列表

## 帐户 > 添加帐户 / 编辑帐户

editor-title-add = 添加帐户
editor-title-edit = 编辑帐户
editor-kind = 类型：
kind-emulator = 本地模拟器
kind-connection-string = 连接字符串
kind-name-and-key = 名称和密钥
kind-sas-url = SAS URL
kind-entra = Microsoft Entra ID
kind-entra-browse = Microsoft Entra ID：浏览
editor-display-name = 显示名称：
editor-display-name-hint = 显示在树中
editor-keep-secret-hint = 留空则保留已存储的机密
editor-emulator = 本地模拟器的知名帐户 (devstoreaccount1)，位于 127.0.0.1，端口 10000-10002。
editor-connection-string = 连接字符串：
editor-ignored = 此应用不使用以下设置，已忽略：{ $settings }。
editor-secrets-where = 帐户密钥和 SAS 令牌保存在操作系统的密钥链中，绝不会写入帐户列表文件。
editor-account-name = 帐户名称：
editor-account-key = 帐户密钥：
editor-endpoint-suffix = 终结点后缀：
editor-https = 使用 HTTPS
editor-custom-endpoints = 自定义终结点（可选）
editor-blob-endpoint = Blob 终结点：
editor-queue-endpoint = 队列终结点：
editor-table-endpoint = 表终结点：
editor-browse = 列出你的订阅及其存储帐户 (Azure Resource Manager)：无需输入帐户名称。
editor-resource-manager = Resource Manager：
editor-sas-url = SAS URL：
editor-service = 服务：
editor-service-from-url = 根据 URL
editor-trust-cert = 信任证书：
editor-trust-cert-hint = 可选的 PEM 文件，用于使用自有证书的终结点
editor-choose = 选择…
editor-cert-dialog = 要信任的证书
editor-testing = 正在测试…
editor-reading-cert = 正在读取证书文件…
editor-save = 保存帐户
editor-test = 测试连接
editor-cancel = 取消
editor-key-again = 请再次输入密钥以进行测试（此处不会读取已存储的密钥）。
editor-sign-in-first = 请先使用代码登录，然后再测试。
editor-secret-again = 请再次输入客户端密码以进行测试（此处不会读取已存储的密码）。
editor-cloud = 云：

## 执行破坏性操作前的确认

confirm-delete-container-title = 删除容器 `{ $name }`？
confirm-delete-queue-title = 删除队列 `{ $name }`？
confirm-delete-table-title = 删除表 `{ $name }`？
confirm-delete-container-body = 容器 `{ $name }` 及其中的所有内容都将被删除。此操作无法撤消。
confirm-delete-queue-body = 队列 `{ $name }` 及其中的所有消息都将被删除。此操作无法撤消。
confirm-delete-table-body = 表 `{ $name }` 及其中的所有实体都将被删除。此操作无法撤消。
confirm-delete-yes = 删除 { $name }
confirm-delete-containers-title = 删除 { $count } 个容器？
confirm-delete-queues-title = 删除 { $count } 个队列？
confirm-delete-tables-title = 删除 { $count } 个表？
confirm-delete-containers-body = 这 { $count } 个容器及其中的所有内容都将被删除。此操作无法撤消。
confirm-delete-queues-body = 这 { $count } 个队列及其中的所有消息都将被删除。此操作无法撤消。
confirm-delete-tables-body = 这 { $count } 个表及其中的所有实体都将被删除。此操作无法撤消。
confirm-delete-containers-yes = 删除 { $count } 个容器
confirm-delete-queues-yes = 删除 { $count } 个队列
confirm-delete-tables-yes = 删除 { $count } 个表
confirm-seed-title = 向 `{ $account }` 写入一百万行？
confirm-seed-body = 向 `{ $account }` 的表 `{ $table }` 写入 1,000,000 个实体（1,000 个分区，每个 1,000 个，约 300 MB JSON），必要时创建该表，并替换键相同的行。在本地模拟器上这需要很多分钟；在 Azure 上会产生 10,000 次批处理事务。它以作业方式运行：“取消”会停止它，“重试”会继续。
confirm-seed-yes = 写入一百万行
confirm-close-title = 关闭含有未保存编辑的 `{ $name }`？
confirm-close-body = 此选项卡中有尚未保存的内容：{ $edits }。关闭会丢弃它们。（已发送的操作仍会完成并被记录。）
confirm-close-yes = 关闭并丢弃编辑
confirm-remove-title = 删除帐户 `{ $account }`？
confirm-remove-body = 该帐户将从列表中移除，其密钥或 SAS 将从密钥链中删除。存储帐户本身不会有任何变化。
confirm-remove-yes = 删除 { $account }

## 新建容器、队列、表，以及中断的传输

create-container-title = 新建容器
create-queue-title = 新建队列
create-table-title = 新建表
create-container-hint = 容器名称
create-queue-hint = 队列名称
create-table-hint = 表名称
create-container-name = 新容器的名称
create-queue-name = 新队列的名称
create-table-name = 新表的名称
create-container = 创建容器
create-queue = 创建队列
create-table = 创建表
create-public-access = 新容器的公共访问级别
access-private = 专用
access-blob = Blob（匿名读取）
access-container = 容器（匿名读取和列出）
interrupted-count = { $count } 个传输被中断（应用在完成前关闭或停止）。
interrupted-resume-all = 全部继续
interrupted-discard-all = 全部放弃
interrupted-resume = 继续
interrupted-discard = 放弃
interrupted-resume-name = 继续 { $transfer }
interrupted-discard-name = 放弃 { $transfer }
interrupted-account-gone = 已不在列表中的帐户
interrupted-no-account = 无法继续 { $transfer }：其帐户已不在列表中。请重新添加该帐户，或放弃此传输。
interrupted-failed = 无法继续 { $transfer }：{ $why }

## HTTP 检查器

inspector-show = 显示：
inspector-all = 全部
inspector-failures = 失败
inspector-successes = 成功
inspector-all-services = 所有服务
inspector-find = 查找：
inspector-clear = 清除请求
inspector-copy-har = 将显示的请求复制为 HAR
inspector-copy-har-hint = 所显示请求的 HAR 1.2 日志，最新的 1,000 个请求各附带正文的前 16 KiB
inspector-copy-curl-script = 将显示的请求复制为 curl 脚本
inspector-copy-curl-script-hint = 一个 shell 脚本：使用 curl 和 AZURE_STORAGE_SAS 中的帐户 SAS 重放所显示的请求，并指出服务现在的响应有何不同
inspector-copy-python = 将显示的请求复制为 Python 脚本
inspector-copy-python-hint = 一个 Python 脚本：通过 Microsoft 的 SDK 重放所显示的请求（帐户取自 AZURE_STORAGE_CONNECTION_STRING），并指出服务现在的响应有何不同
inspector-select = 选择一个请求以查看其标头。
inspector-col-time = 时间
inspector-col-service = 服务
inspector-col-method = 方法
inspector-col-resource = 资源
inspector-col-status = 状态
inspector-col-ms = 毫秒
inspector-col-try = 尝试
inspector-col-request-id = 请求 ID
inspector-no-answer = 无响应
inspector-copy-as-curl = 复制为 curl
inspector-copy-as-har = 复制为 HAR
inspector-copy-url = 复制 URL
inspector-copy-request-id = 复制请求 ID
inspector-copy-client-request-id = 复制客户端请求 ID
inspector-pipeline = 管道：{ $note }
inspector-client-request-id = 客户端请求 ID：{ $id }
inspector-request-headers = 请求标头
inspector-response-headers = 响应标头
inspector-string-to-sign = 客户端使用的待签名字符串（可与服务器端的比较，例如 Azurite 的调试日志）

## 欢迎页

welcome-title = 欢迎使用 Tessera
welcome-intro = 从左侧的树中打开表、容器或队列，或从上次离开的地方继续。
welcome-recent = 最近打开
welcome-recent-table = { $account } 上的表 `{ $name }`
welcome-recent-container = { $account } 上的容器 `{ $name }`
welcome-recent-queue = { $account } 上的队列 `{ $name }`
welcome-accounts = 帐户
welcome-account-state = { $account }：{ $state }
welcome-browse-state = 在树中打开它以列出其订阅和存储帐户
welcome-connect = 连接到 { $account }
welcome-demo-starting = 正在启动演示模拟器（Azurite，内存中）…
welcome-new-here = 初次使用？
welcome-open-demo = 打开演示
welcome-open-demo-hint = 在内存中启动本地 Azurite，并填入可供浏览的表、Blob 和队列

## 帮助 > 键盘快捷方式

shortcuts-title = 键盘快捷方式
shortcuts-intro = 在 macOS 上，Ctrl 即 Cmd。当没有文本框获得键盘焦点时，窗格的快捷键才会生效。
