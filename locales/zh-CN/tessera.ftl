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
tabs-name = 打开的选项卡
tab-close-hint = 关闭 (Ctrl+W)
tab-close-name = 关闭 { $title }

## 底部面板和状态栏

unit-items = { $what ->
        [blobs] { $count } 个 Blob
        [entities] { $count } 个实体
        [rows] { $count } 行
        [blobs-and-files] { $count } 个 Blob 和文件
       *[items] { $count } 项
    }
unit-items-rate = { $what ->
        [blobs] { $count } 个 Blob/秒
        [entities] { $count } 个实体/秒
        [rows] { $count } 行/秒
        [blobs-and-files] { $count } 个 Blob 和文件/秒
       *[items] { $count } 项/秒
    }
unit-bytes-rate = { $size }/秒
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
tree-lens = 让应用经由 Tessera 连接…
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
confirm-delete-unsaved = 打开的选项卡中有尚未保存的修改：{ $edits }。只有在其资源删除成功后，选项卡才会关闭并丢弃这些修改；删除失败的资源，其选项卡会保持打开，修改也会保留。
confirm-delete-unsaved-tab = { $tab }：{ $edits }
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
inspector-api-sign-in = 登录
inspector-api-resource-manager = Resource Manager
inspector-api-proxy-test = 代理测试
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

## 队列窗格

queue-about = 约 { $count } 条消息
queue-about-unknown = 约 ? 条消息
queue-about-hint = 服务给出的近似数量：包括不可见的消息，且可能滞后。
queue-peek = 速览
queue-peek-hint = F5 或 Ctrl+R：速览不会更改任何内容
queue-peek-count = 要速览的消息数
queue-peek-count-hint = 一次速览读取的消息数：服务每次最多返回 32 条。
queue-open-lab = 在冲突实验室中打开
queue-more = 更多
queue-more-hint = 消息的显示方式
queue-poison-threshold = 有害消息阈值：{ $count }
queue-poison-at = 取消排队计数达到 { $count } 即视为有害
queue-show-raw = 显示存储的原始文本
queue-peeked = 已速览前 { $count } 条消息（服务每次最多返回 { $max } 条）；速览不会更改任何内容。
queue-col-dequeue-count = 取消排队计数
queue-col-encoding = 编码
queue-col-text = 文本
queue-col-size = 大小
queue-col-inserted = 插入时间
queue-col-expires = 过期时间
queue-col-id = ID
queue-likely-poison = { $count }，可能是有害消息
queue-likely-poison-hint = 已投递这么多次却从未被删除：其使用者一直在处理它时失败。
queue-bytes = { $count } B
queue-copy-one-to = 将消息复制到队列
queue-copy-many-to = 将 { $count } 条消息复制到队列
queue-message-title = 消息 { $id }
queue-size-as-stored = 存储大小 { $count } B
queue-text-as-stored = 存储的文本（速览所得：较新的速览可能不同）：
queue-message-text = 消息文本
queue-show-message = 显示消息
queue-copy-text = 复制文本
queue-copy-texts = 复制文本
queue-copy-id = 复制消息 ID
queue-copy-ids = 复制消息 ID
queue-copy-json = 复制为 JSON
encoding-raw = 原始
encoding-base64-text = Base64 文本
encoding-base64-binary = Base64 二进制
encoding-plain = 纯文本
encoding-binary-bytes = （{ $count } 字节的二进制数据）

## 队列窗格：取消排队与持有的消息

dequeue-nothing = 没有可取消排队的消息：所有消息都不可见，或队列为空。
dequeue-updated = 已更新：它有了新的 pop receipt。
dequeue-unsaved = { $count } 条持有消息的新文本
dequeue-title = 取消排队（获取消息）
dequeue-take = 获取
dequeue-count = 要取消排队的消息数
dequeue-hide-for = 隐藏
dequeue-seconds = { $count } 秒
dequeue-button = 取消排队
dequeue-explain = 取消排队的消息在 { $seconds } 秒内对其他所有使用者不可见。请在此时间内删除它们，否则它们会重新出现，且取消排队计数加一。
held-dequeue-count = 取消排队计数 { $count }
held-pop-receipt = Pop receipt：{ $receipt }
held-text = { $encoding }：{ $text }
held-done = 完成。
held-released = 已释放：再次可见，此 pop receipt 已过时。
held-visible-in = { $seconds } 秒后再次可见
held-delete-message = 删除消息
held-return-now = 立即返回队列
held-extend = 延长 30 秒
held-edit-text = 编辑文本
held-copy-receipt = 复制 pop receipt
held-delete = 删除 { $id }
held-return = 立即返回 { $id }
held-extend-id = 将 { $id } 延长 30 秒
held-edit = 编辑 { $id }
held-binary = 二进制内容（非 UTF-8 字节的 Base64）无法作为文本编辑。
held-new-text = { $id } 的新文本
held-save-text = 保存 { $id } 的文本
held-choose-queue = 选择队列
held-to-queue = 到 { $queue }
held-target = { $id } 的目标队列
held-move = 移动 { $id }

## 队列窗格：放入、清除、复制到其他队列、积压

put-done = 已放入消息 { $id }
put-title = 放入消息
put-text = 消息文本：
put-store-as = 存储为：
put-base64 = Base64（大多数 SDK 读取的格式）
put-plain = 纯 UTF-8 文本
put-ttl = 生存时间：
put-ttl-default = 7 天（默认）
put-ttl-never = 永不过期
put-ttl-seconds = 秒数：
put-ttl-seconds-name = 生存时间秒数
put-delay = 初始不可见时长
put-delay-name = 初始不可见
put-size = 存储大小 { $count } / { $max } 字节
put-too-big = 存储大小 { $count } 字节：超过 64 KiB 上限，无法发送。
put-button = 放入消息
clear-button = 清除队列…
clear-hint = 所有消息，包括不可见的消息（会先询问）
clear-title = 清除队列 `{ $queue }`？
clear-body = 将删除约 { $count } 条消息，包括不可见的消息。此操作无法撤消。
clear-body-unknown = 将删除所有消息，包括不可见的消息。此操作无法撤消。
clear-yes = 清除 { $count } 条消息
clear-yes-unknown = 清除所有消息
clear-done = 已清除队列 `{ $queue }`
copy-none = 此帐户中没有其他队列（展开“队列”后，树中会列出它们）。
copy-to = 到 { $queue }
copy-done = 已将 { $count } 条消息复制到 `{ $queue }`，每条消息保留其存储的文本和剩余的生存时间；原消息仍保留在此处。在目标队列中，每条都是新消息：新的 ID 和插入时间，取消排队计数为 0。
copy-not-copied = 未复制：{ $id }：{ $why }
backlogs-title = 队列积压 — { $account }
backlogs-explain = 此窗口打开期间，每 { $seconds } 秒采样一次每个队列的近似消息数。
confirm-cancel = 取消

## 元数据行（Blob、容器、队列的）

metadata-add-blob = 添加元数据
metadata-add-container = 添加容器元数据
metadata-add-queue = 添加队列元数据
metadata-name-blob = 元数据名称 { $n }
metadata-name-container = 容器元数据名称 { $n }
metadata-name-queue = 队列元数据名称 { $n }
metadata-value-blob = 元数据值 { $n }
metadata-value-container = 容器元数据值 { $n }
metadata-value-queue = 队列元数据值 { $n }
metadata-remove-blob = 删除元数据 { $n }
metadata-remove-container = 删除容器元数据 { $n }
metadata-remove-queue = 删除队列元数据 { $n }
metadata-remove = 删除

## 队列窗格：扫描整个队列、队列元数据

scan-dialog = 导出扫描到的消息
scan-export-cancelled = 已取消导出。
scan-write-failed = 无法写入 { $path }：{ $why }
scan-exported = 已将 { $count } 条消息导出到 { $path }
scan-title = `{ $queue }` 的扫描结果
scan-cancelled-list = 在 { $count } 条消息后取消：列表为取消前看到的内容。
scan-failed-list = 在 { $count } 条消息后因失败而停止：列表为失败前看到的内容。
scan-whole-list = { $count } 条消息，即扫描所见的整个队列。取消排队计数包含扫描自身的一次接收。
scan-find = 在扫描结果中查找：
scan-find-hint = 文本或 ID
scan-export-json = 导出 JSON Lines…
scan-export-csv = 导出 CSV…
scan-shown = 显示 { $count } 条
scan-first-shown = 此处列出 { $count } 条中的前 { $shown } 条；导出和复制会处理全部 { $count } 条。
scan-finding = 正在扫描结果中搜索…
scan-find-failed = 无法搜索扫描结果：{ $why }
scan-record-failed = 无法将扫描到的消息保存在临时文件中：{ $why }。临时文件夹是否已满？
scan-copy-shown = 将显示的 { $count } 条复制到队列
scan-cancelled = 扫描在 { $count } 条消息后取消；其持有的每一批消息都已再次可见。
scan-done = 已扫描整个队列：{ $count } 条消息，均已再次可见。
scan-button = 扫描整个队列…
scan-hint = 所有消息，超出速览的 32 条：接收并返还它们（会先询问）
scan-running = 正在扫描整个队列：已列出 { $count } 条消息…
scan-cancel = 取消扫描
scan-ask-title = 扫描整个队列 `{ $queue }`？
scan-ask-body = 扫描每次接收 { $batch } 条消息，并立即使每条消息再次可见。代价是：每条消息的取消排队计数加一（统计重试次数的使用者会多看到一次），每个 pop receipt 都会改变（其他地方持有的 receipt 将过时），并且在一批消息被持有期间，使用者无法获取这些消息（片刻；如果扫描中断，最多 { $hold } 秒）。使用者当前持有的消息不会被看到。
scan-ask-yes = 扫描整个队列
queue-metadata-saved = 已保存 `{ $queue }` 的元数据
queue-metadata-unsaved = 队列的元数据
queue-metadata = 元数据
queue-metadata-none = （无）
queue-metadata-changed = 在你开始编辑后，服务上的值已更改：现在为 { $theirs }
queue-metadata-save = 保存元数据
queue-metadata-save-hint = Set Queue Metadata 不接受条件：应用会在写入前再次读取元数据，如果自你开始编辑后已更改则拒绝写入（在这两者之间发生的更改无法发现）
queue-metadata-reapply = 重新加载并重新应用我的元数据更改
queue-metadata-force = 仍然保存元数据（替换他人的更改）
queue-metadata-discard = 放弃我的元数据更改

## 队列窗格：消息操作、监视、图表

moved-deleted = 已删除：它已离开此队列。
moved-ttl-left = 其剩余的 { $seconds } 秒生存时间
moved-ttl-never = 其生存时间（永不过期）
moved-done = 已移动到 `{ $queue }`，保留其存储的文本和{ $kept }。在那里它是一条新消息：新的 ID 和插入时间，取消排队计数为 0（服务无法保留这些）。
queue-watch-what = 一次速览和一次队列属性读取
queue-backlog = 积压随时间变化
queue-change-appeared = 出现：{ $id }… { $text }
queue-change-gone = 不再可见：{ $id }…（被使用者获取、已删除或已过期）
queue-change-back-again = 再次可见：{ $id }…，取消排队计数 { $count }（原为 { $was }）：某个使用者的不可见时间已到
queue-change-back = 再次可见：{ $id }…
chart-no-samples = 尚无采样：每次速览或刷新都会增加一个。
chart-growing = 以每分钟 { $rate } 条消息的速度增长
chart-draining = 以每分钟 { $rate } 条消息的速度减少
chart-steady = 平稳
chart-one-sample = 目前只有一个采样
chart-backlog-now = 当前积压：{ $count } 条消息，{ $trend }
chart-copy-backlog = 复制积压数据
chart-appeared = 出现
chart-taken = 被获取
chart-back = 返回
chart-invisible = 不可见
chart-windows-text = 以文本显示不可见时段
chart-copy-windows = 复制不可见时段
chart-visible-in = { $seconds } 秒后再次可见
chart-visible-again = 再次可见
chart-window = { $id }：从 { $from } 到 { $until } 隐藏（{ $state }）
watch-every = 监视间隔
watch-every-hint = 按间隔重新读取{ $what }并标记变化；从不写入
watch-seconds = 监视间隔秒数
watch-per-minute = 每分钟约 { $count } 个请求
watch-per-read = 每次读取 { $count } 个请求：{ $what }
watch-throttled = 已限速：每 { $seconds } 秒一次，直到服务再次响应
watch-failed = 上次读取失败：{ $why }
watch-asking-again = { $why } { $seconds } 秒后重试。
watch-stopped = 监视已停止：服务拒绝了读取 (403)。{ $why }
watch-mark-seen = 全部标记为已查看
watch-mark-seen-hint = 清除“新”和“已更改”标记；消失的{ $rows }会保留，直到将其关闭
watch-dismiss = 关闭已消失的项 ({ $count })
watch-changes = 更改 ({ $count })
watch-changes-hint = 何时发生了什么更改，{ $where }
watch-filter = 筛选更改：
watch-copy = 将更改复制为 JSON Lines
watch-clear = 清除更改
copy-failed = 在此消息失败之前，已将 { $total } 条消息中的 { $done } 条从 `{ $from }` 复制到 `{ $to }`（{ $why }）。所有原消息仍在 `{ $from }` 中。
scan-return-failed = 此扫描未能使其再次可见的 { $count } 条消息会在 { $seconds } 秒内自行重新出现。
moved-delete-failed = 它已复制到 `{ $to }`，但无法删除原消息（{ $why }）；它会重新出现在 `{ $from }` 中。
queue-changes-seen = 看到的更改 ({ $count })
queue-changes-between = 两次速览之间：打开监视即可按间隔速览。
op-use-receipt = 使用 pop receipt
receipt-stale = 其不可见超时已到：消息已回到队列，此 pop receipt 已过时（现在可能由他人持有）。请再次取消排队后再对其操作。
receipt-busy = 对此消息的一个操作仍在进行中，它会更改 pop receipt。请等待其完成后再操作。
op-save-queue-metadata = 保存队列元数据
queue-metadata-stale = 在你开始编辑后，服务上的队列元数据已更改。请重新加载并重新应用你的更改，或仍然保存（队列不接受条件：你的元数据将替换他人的）。
op-put-message = 放入消息
op-move-message = 移动消息
ttl-run-out = 其生存时间已到：它即将过期，无法移动。

## 详细信息面板

details-properties = 属性
details-lease = 租用
details-tags = 标记
details-snapshots = 快照和版本
details-access = 访问
details-held = 持有的消息
details-new-message = 新消息
details-history = 历史记录
details-hide = 隐藏详细信息
details-show = 显示详细信息
tab-title-container = { $name }（容器）
tab-title-queue = { $name }（队列）
tab-title-table = { $name }（表）
badge-messages = 约 { $count } 条消息

## 操作完成时窗口给出的消息

closed-tabs = 仍在工作的已关闭选项卡（其发送的内容会在收到响应时记录）
closed-held = { $count } 条消息以有效的 receipt 持有
closed-request = 一个请求正在进行
closed-tab = { $title }：{ $what }
closed-reopen = 重新打开 { $title }
quit-title = 退出 Tessera？
quit-unsaved-in = { $place }：{ $what }
quit-unsaved-service-settings = { $account } 的服务设置：有未保存的更改
quit-unsaved = { $count } 处未保存的编辑（如仍然退出将丢失）：
quit-jobs = { $count } 个作业正在运行（退出时将取消；窗口关闭前会先完成清理）：
quit-writes = { $count } 个已发送的写入尚未得到答复：窗口会等待。
quit-held = { $count } 条消息以有效的 pop receipt 持有：退出后它们保持不可见，直到可见性超时结束。
quit-lens = 你的应用经由透镜打开了 { $count } 个连接：退出将关闭它们（{ $connections }）。
quit-return-held = 现在让 { $count } 条持有的消息重新可见（Update Message，可见性 0）
quit-what-happens = “全部保存并退出”会像各自的“保存”按钮一样保存每处编辑（仅当读取后无人更改时）；无法保存的编辑会保留，并再次询问你。
quit-still-unsaved = 这些编辑未保存：保存失败（其标签页说明原因），或该编辑不是保存所发送的内容（待追加的文本、批量更改、导入）。你的编辑仍保留。
quit-save-all = 全部保存并退出
quit-anyway = 仍然退出
quit-keep-working = 继续工作
quit-saving = 退出前正在保存…
quit-leaving = 正在退出：等待以下工作结束
quit-now-loses = 立即退出会中断仍在运行的工作：作业的清理可能无法完成（留下部分文件，消息在超时结束前保持不可见）。
quit-now = 立即退出
tabs-empty = 从左侧的树中打开表、容器或队列。
demo-failed = 无法启动演示模拟器：{ $why }
job-seed-demo = 写入演示数据
job-seed-million = 向 { $table } 写入一百万行
notice-no-log = 无法写入日志文件 { $path }，因此本次运行不记录日志。请检查其文件夹是否可写。
notice-no-keychain = { $why }。你输入的密钥和 SAS 令牌仅在本次运行中保留，绝不会写入磁盘。
notice-secret-this-run = `{ $account }` 的机密仅在本次运行中保留：{ $why }。
notice-removed-keychain = 已删除帐户，并已从密钥链中删除其机密。
notice-removed-this-run = 已删除帐户，并已忘记其机密（它仅在本次运行中保留）。
notice-connect-account = 请先连接该帐户（在树中打开它）。
notice-connect-lab = 请先连接该帐户（在树中打开它），然后再打开冲突实验室。
notice-account-saved = 已保存帐户 `{ $account }`。
done-created-container = 已创建容器 `{ $name }`。
done-created-queue = 已创建队列 `{ $name }`。
done-created-table = 已创建表 `{ $name }`。
done-deleted-container = 已删除容器 `{ $name }`。
done-deleted-queue = 已删除队列 `{ $name }`。
done-deleted-table = 已删除表 `{ $name }`。
done-deleted-containers = 已删除 { $count } 个容器：{ $names }。
done-deleted-queues = 已删除 { $count } 个队列：{ $names }。
done-deleted-tables = 已删除 { $count } 个表：{ $names }。
closed-notice = { $title } 已关闭。它已发送的操作仍会完成并被记录；在此之前，它列在“活动”下，可在那里重新打开。

## 工具 > 代理…

proxy-title = 代理
proxy-system = 系统设置（Linux 上为 HTTPS_PROXY 和 NO_PROXY）
proxy-direct = 不使用代理
proxy-manual = 使用此代理：
proxy-address = 地址：
proxy-user = 用户：
proxy-user-hint = 仅当代理要求时（HTTP 407）
proxy-password = 密码：
proxy-password-hint = 保存在操作系统密钥链中；留空则保留已存储的密码
proxy-test-with = 测试地址：
proxy-test = 测试
proxy-testing = 正在测试…
proxy-reading-password = 正在从密钥链读取已保存的密码…
proxy-use = 使用这些设置
proxy-password-unreadable = 无法从密钥链读取代理密码（{ $why }）：将在没有密码的情况下使用代理。
proxy-not-used = 未使用已保存的代理：{ $why }

## 资源的“属性”窗口

props-title-container = 容器 `{ $name }` 的属性
props-title-queue = 队列 `{ $name }` 的属性
props-title-table = 表 `{ $name }` 的属性
props-name = 名称
props-address = 地址
props-public-access = 公共访问
props-lease-state = 租用状态
props-lease-status = 租用状况
props-locked = 已锁定
props-unlocked = 未锁定
props-metadata = 元数据
props-approximate-count = 近似数量
props-count = { $count } 条消息（包括不可见的消息）
props-reading = 正在读取其属性…
props-table-none = 表服务不保存表的任何属性：只有其名称和地址。
props-copy-address = 复制地址
props-close = 关闭
props-etag = ETag
props-last-modified = Last-Modified

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

## What the open tabs hold in memory (src/app/frame/held.rs)
status-held-blobs = 标签页占用 { $size }，共 { $blobs } 个 Blob
status-held-entities = 标签页占用 { $size }，共 { $entities } 个实体
status-held-both = 标签页占用 { $size }，共 { $blobs } 个 Blob 和 { $entities } 个实体
status-held-hint = 已打开标签页的列表、实体和排序所占用的内存；关闭标签页即可释放
