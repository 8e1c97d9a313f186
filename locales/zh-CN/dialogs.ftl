# 其他窗口：帐户 SAS、Entra 登录、服务设置、设置导出和导入、冲突实验室（简体中文）。

## The account SAS window (src/app/accounts/account_sas.rs).
accounts-account-sas-title = { $account } 的帐户 SAS
accounts-account-sas-blob = Blob 服务
accounts-account-sas-queue = 队列服务
accounts-account-sas-table = 表服务
accounts-account-sas-level-service = 服务级别（属性，容器、队列、表的列表）
accounts-account-sas-level-container = 容器、队列、表
accounts-account-sas-level-object = 对象（Blob、消息、实体）
accounts-account-sas-intro = 一个签名同时用于多个服务，使用帐户密钥生成。持有者在其过期前可执行它授予的操作；除轮换密钥外无法撤销。
accounts-account-sas-permissions = 权限（{ $letters }）：
accounts-account-sas-permissions-hint = r 读取，w 写入，d 删除，x 删除版本，y 永久删除，l 列出，a 添加，c 创建，u 更新，p 处理（取消排队），t 标记，f 按标记查找，i 不可变性策略
accounts-account-sas-copy-connection = 复制 SAS 连接字符串
accounts-account-sas-copy-token = 复制 SAS 令牌

## The service settings window (src/app/accounts/service_settings.rs).
accounts-service-settings-title = { $account } 的服务设置
accounts-service-settings-read-stale = 已重新读取：开始编辑后服务的设置已更改。你的更改已保留；“重新加载并重新应用”会将其应用到服务的设置上，“放弃更改”显示服务的设置。
accounts-service-settings-read-kept = 已重新读取；未保存的更改已保留（“放弃更改”显示服务的设置）。
accounts-service-settings-reread-failed = 保存被拒绝后重新读取设置也失败了：{ $why } 您的更改已保留；“重新读取”会再试一次。
accounts-service-settings-saved = 已保存。下方重新读取了服务的设置。
accounts-service-settings-not-said = 未说明
accounts-service-settings-on = 开
accounts-service-settings-off = 关
accounts-service-settings-account = 帐户：SKU { $sku }，类型 { $kind }，分层命名空间 { $namespace }
accounts-service-settings-account-failed = 帐户信息：{ $why }
accounts-service-settings-reading-account = 正在读取帐户信息…
accounts-service-settings-no-table = 此处不提供表服务的属性：模拟器（Azurite 3.35）没有这些属性，因此无法针对服务进行测试。
accounts-service-settings-reading = 正在读取服务的属性…
accounts-service-settings-save = 保存设置
accounts-service-settings-save-hint = Set Service Properties 不接受条件：应用在写入前会重新读取设置，如果开始编辑后设置已更改则拒绝写入（其间发生的更改无法捕获）
accounts-service-settings-op-save = 保存服务的设置
accounts-service-settings-changed = 其设置不是你开始编辑时的设置
accounts-service-settings-reapply = 重新加载并重新应用我的设置
accounts-service-settings-discard = 放弃更改
accounts-service-settings-read-again = 重新读取
accounts-service-settings-close-title = 关闭 { $account } 的服务设置并放弃未保存的更改？
accounts-service-settings-close-body = 你对服务设置的更改尚未保存。关闭会丢弃这些更改。（已发送的保存仍会完成并告知结果。）
accounts-service-settings-close-discard = 放弃我的更改并关闭
accounts-service-settings-close-keep = 继续编辑
accounts-service-settings-closed-saved = { $account } 的服务设置已在窗口关闭后保存。
accounts-service-settings-closed-failed = { $account } 的服务设置未保存（窗口已关闭）：{ $why }
accounts-service-settings-days = { $what }：天数
accounts-service-settings-cors = CORS 规则（{ $count } 条，最多 { $max } 条）
accounts-service-settings-origins = 规则 { $n } 的源：
accounts-service-settings-methods = 规则 { $n } 的方法：
accounts-service-settings-allowed-headers = 规则 { $n } 允许的标头：
accounts-service-settings-exposed-headers = 规则 { $n } 公开的标头：
accounts-service-settings-max-age = 规则 { $n } 的最长期限（秒）：
accounts-service-settings-remove-rule = 删除规则 { $n }
accounts-service-settings-add-rule = 添加 CORS 规则
accounts-service-settings-keep-deleted = 保留已删除的 Blob
accounts-service-settings-website = 静态网站（来自 $web）
accounts-service-settings-index = 索引文档：
accounts-service-settings-error-doc = 错误文档（404）：
accounts-service-settings-version = 默认服务版本：
accounts-service-settings-logging = 日志记录：
accounts-service-settings-log-reads = 记录读取
accounts-service-settings-log-writes = 记录写入
accounts-service-settings-log-deletes = 记录删除
accounts-service-settings-keep-logs = 保留日志
accounts-service-settings-hour = 小时指标
accounts-service-settings-hour-per-api = 按 API 的小时指标
accounts-service-settings-keep-hour = 保留小时指标
accounts-service-settings-minute = 分钟指标
accounts-service-settings-minute-per-api = 按 API 的分钟指标
accounts-service-settings-keep-minute = 保留分钟指标

## Export and import settings (src/app/accounts/settings_transfer.rs).
accounts-settings-transfer-export-title = 导出设置
accounts-settings-transfer-import-title = 导入设置
accounts-settings-transfer-writes = 写入一个文件，包含 { $accounts } 个帐户（名称、终结点、类型、登录设置）、{ $recent } 个最近打开的资源、{ $queries }、代理选择（{ $proxy }）和外观（{ $look }）。
accounts-settings-transfer-with-secrets = 包含机密（帐户密钥、SAS、登录令牌、代理密码），已加密
accounts-settings-transfer-with-secrets-hint = 使用 AES-256-GCM 加密，密钥由 Argon2id 从你的通行短语派生
accounts-settings-transfer-passphrase = 通行短语：
accounts-settings-transfer-passphrase-hint = 至少 8 个字符
accounts-settings-transfer-again = 再次输入通行短语：
accounts-settings-transfer-again-hint = 再输入一次相同内容
accounts-settings-transfer-keep-apart = 拥有该文件和通行短语的人即可获得机密：请分开保管。
accounts-settings-transfer-no-secrets = 不含机密：导入后每个帐户会再次要求提供密钥、SAS 或登录。
accounts-settings-transfer-export = 导出…
accounts-settings-transfer-close = 关闭
accounts-settings-transfer-sealing = 正在从密钥链读取机密并加密…
accounts-settings-transfer-writing = 正在写入文件…
accounts-settings-transfer-write-failed = 无法将设置写入 { $path }（{ $why }）。
accounts-settings-transfer-no-secrets-words = 不含机密
accounts-settings-transfer-sealed = { $count } 个使用你的通行短语加密的机密
accounts-settings-transfer-sealed-missing = { $count } 个使用你的通行短语加密的机密（{ $missing } 不含其机密：密钥链中没有）
accounts-settings-transfer-exported = 已将 { $accounts } 个帐户、{ $recent } 个最近打开的资源、{ $queries }、代理选择和外观导出到 { $path }，{ $secrets }。
accounts-settings-transfer-queries = { $count } 个已保存的查询
accounts-settings-transfer-proxy-system = 系统代理
accounts-settings-transfer-proxy-none = 不使用代理
accounts-settings-transfer-proxy-user = { $address }，用户 { $user }
accounts-settings-transfer-read-failed = 无法读取 { $path }（{ $why }）。请检查路径。
accounts-settings-transfer-choosing = 正在选择并读取文件…
accounts-settings-transfer-file = 设置文件：
accounts-settings-transfer-file-hint = “导出设置”写入的文件的路径
accounts-settings-transfer-read = 读取
accounts-settings-transfer-type-path = 请输入设置文件的路径，或点击“选择…”。
accounts-settings-transfer-choose = 选择…
accounts-settings-transfer-file-no-secrets = 该文件不含机密：导入后每个帐户会要求提供密钥、SAS 或登录。
accounts-settings-transfer-accounts = 帐户
accounts-settings-transfer-take-recent = 最近打开的资源（{ $count }）
accounts-settings-transfer-take-proxy = 代理：{ $proxy }
accounts-settings-transfer-take-look = 外观：{ $look }
accounts-settings-transfer-take-queries = 已保存的查询（{ $count }）
accounts-settings-transfer-take-queries-hint = 添加到你的查询中；名称与你的其他筛选器相同的查询以“… (imported)”导入
accounts-settings-transfer-import = 导入
accounts-settings-transfer-cancel = 取消
accounts-settings-transfer-opened = 已打开机密：{ $count } 个帐户机密。
accounts-settings-transfer-opened-proxy = 已打开机密：{ $count } 个帐户机密和代理密码。
accounts-settings-transfer-file-sealed = 该文件包含使用通行短语加密的机密（AES-256-GCM、Argon2id）。
accounts-settings-transfer-without-secrets = 导入但不含机密
accounts-settings-transfer-file-passphrase = 文件通行短语：
accounts-settings-transfer-file-passphrase-hint = 导出时输入的通行短语
accounts-settings-transfer-open-secrets = 打开机密
accounts-settings-transfer-kind-secret = { $kind } · { $name }，含机密
accounts-settings-transfer-new = 新帐户
accounts-settings-transfer-here-same = 已存在，设置相同：
accounts-settings-transfer-here-other = 已存在，设置不同：
accounts-settings-transfer-keep-mine = 保留我的
accounts-settings-transfer-replace-mine = 替换我的
accounts-settings-transfer-keep-both = 两者都保留
accounts-settings-transfer-wait-secrets = 请输入文件的通行短语并打开机密，或勾选“导入但不含机密”。
accounts-settings-transfer-wait-clashes = 请为每个已存在的帐户选择处理方式：{ $names }。

## Saved accounts (src/app/accounts/profiles.rs).
accounts-profiles-kind-emulator = 本地模拟器
accounts-profiles-kind-connection-string = 连接字符串
accounts-profiles-kind-name-and-key = 名称和密钥
accounts-profiles-kind-sas-url = SAS URL
accounts-profiles-kind-entra = Microsoft Entra ID
accounts-profiles-kind-entra-browse = Microsoft Entra ID：浏览
accounts-profiles-method-cli = Azure CLI
accounts-profiles-method-device-code = 浏览器或设备代码
accounts-profiles-method-principal = 服务主体
accounts-profiles-op-read-sign-in = 读取登录设置
accounts-profiles-enter-client-secret = 请输入服务主体的客户端密码。
accounts-profiles-sign-in-first = 请先登录（使用浏览器或代码登录），然后保存帐户。
accounts-profiles-enter-client-id = 请输入服务主体的客户端（应用程序） ID。
accounts-profiles-op-open = 打开帐户 `{ $account }`
accounts-profiles-bad-endpoint = 保存的终结点 `{ $endpoint }` 不是 URL（{ $why }）。
accounts-profiles-browse-not-storage = 浏览帐户是一次登录，而不是存储帐户：请打开其下列出的某个存储帐户。
accounts-profiles-no-sign-in-settings = 缺少其登录设置。请编辑帐户并选择登录方式。
accounts-profiles-no-sign-in = 密钥链中没有其登录信息（或仅为之前的运行保留）。请编辑帐户并重新登录。
accounts-profiles-secret-entra-only = 登录机密仅属于 Microsoft Entra ID 帐户。
accounts-profiles-no-secret = 密钥链中没有其密钥或 SAS（或仅为之前的运行保留）。请编辑帐户并重新输入。

## The settings file (src/app/accounts/settings_file.rs).
accounts-settings-file-high-contrast = 高对比度
accounts-settings-file-dark = 深色主题
accounts-settings-file-light = 浅色主题
accounts-settings-file-bad-params = 文件的密钥设置不可用（{ $why }）
accounts-settings-file-no-key = 无法派生密钥（{ $why }）
accounts-settings-file-short-passphrase = 通行短语至少需要 { $min } 个字符：它是保护文件中机密的唯一手段。
accounts-settings-file-passphrases-differ = 两次输入的通行短语不同：请输入相同的通行短语两次。
accounts-settings-file-not-encrypted = 无法加密机密
accounts-settings-file-unknown-cipher = 机密使用 { $cipher } 和 { $kdf } 加密，此版本无法打开。
accounts-settings-file-bad-salt = 文件中加密的机密已损坏（盐值不可读）。
accounts-settings-file-bad-nonce = 文件中加密的机密已损坏（nonce 不可读）。
accounts-settings-file-bad-ciphertext = 文件中加密的机密已损坏（密文不可读）。
accounts-settings-file-bad-plain = 文件中加密的机密已损坏（加密的内容不可读）。
accounts-settings-file-too-costly = 该文件要求的密钥派生成本远高于 Tessera 写入的成本：未打开。
accounts-settings-file-wrong-passphrase = 此通行短语无法打开该文件的机密。请检查通行短语（即导出文件时输入的那个），或导入但不含机密。
accounts-settings-file-changed = 此文件在导出后被更改过：通行短语正确，但其中的某个账户、终结点、登录主机或其他设置与和机密一同封存的内容不一致，机密可能会被发往别处。此文件中的任何内容都不会被导入。请向导出者重新索取该文件，或重新导出。
accounts-settings-file-earlier-seal = 此文件由较早版本的 Tessera 导出，其封存不涵盖账户：任何人无需通行短语即可将某个账户指向另一台主机。其中的机密不会被导入；其余内容可以导入，每个账户都会再次要求提供其机密。若要一并带上机密，请用此版本重新导出该文件。
accounts-settings-file-not-json = 该文件不是 JSON（{ $why }）。请选择 Tessera 导出的文件。
accounts-settings-file-not-settings = 该文件不是 Tessera 设置文件。请选择“导出设置”写入的文件。
accounts-settings-file-newer = 该文件由较新的 Tessera 写入（设置版本 { $version }）；此版本读取版本 { $reads }。请更新 Tessera 以导入它。
accounts-settings-file-unreadable = 无法读取设置文件（{ $why }）。

## The Entra ID part of the account form (src/app/accounts/entra_form.rs).
accounts-entra-form-sign-in-with = 登录方式：
accounts-entra-form-tenant-cli-hint = 可选：CLI 的默认租户
accounts-entra-form-tenant-hint = 目录 ID 或域，例如 contoso.onmicrosoft.com
accounts-entra-form-tenant = 租户：
accounts-entra-form-cli-about = 使用已登录的 Azure CLI（`az login`）：应用不处理任何机密。令牌通过 `az account get-access-token` 获取，并在过期前续订。
accounts-entra-form-client-id = 客户端 ID：
accounts-entra-form-client-id-hint = 应用注册的 ID
accounts-entra-form-keep-secret-hint = 留空以保留已存储的机密
accounts-entra-form-client-secret = 客户端密码：
accounts-entra-form-secret-keychain = 客户端密码保存在操作系统密钥链中，绝不会写入帐户列表文件。
accounts-entra-form-public-client-hint = 你的应用注册（公共客户端）
accounts-entra-form-host-section = 登录主机（国家云）
accounts-entra-form-host = 登录主机：
accounts-entra-form-sign-in-again = 仅在已存储的登录过期时才重新登录。
accounts-entra-form-browser = 使用浏览器登录
accounts-entra-form-code = 使用代码登录
accounts-entra-form-asking = 正在请求代码…
accounts-entra-form-enter-code = 在任意浏览器中打开下方页面并输入此代码：
accounts-entra-form-copy-code = 复制代码
accounts-entra-form-waiting = 正在等待你完成登录（代码将在 { $left } 秒后过期）…
accounts-entra-form-cancel = 取消登录
accounts-entra-form-finish-in-browser = 请在打开的浏览器窗口中完成登录。
accounts-entra-form-waiting-browser = 正在等待浏览器返回…
accounts-entra-form-open-again = 再次打开页面
accounts-entra-form-signed-in = 已登录。保存帐户以保留此登录（其刷新令牌将保存在操作系统密钥链中）。
accounts-entra-form-cancelled = 登录已取消。

## Connections (src/app/accounts/connections.rs).
accounts-connections-blob = Blob
accounts-connections-queue = 队列
accounts-connections-table = 表
accounts-connections-reachable = { $service }：可访问且已通过身份验证（{ $ms } 毫秒）
accounts-connections-failed =
    无法打开帐户：{ $why }
    请关闭此窗口，修正帐户（“编辑…”），然后重新打开。
accounts-connections-connecting = 正在连接到帐户…

## A browse account in the tree (src/app/accounts/browse.rs, browse_session.rs).
accounts-browse-reading-sign-in = 正在读取登录信息…
accounts-browse-refresh = 刷新
accounts-browse-listing-tenants = 正在列出你的租户…
accounts-browse-no-tenant = 此登录不属于任何租户：请使用工作或学校帐户登录。
accounts-browse-tenant = 租户 { $name }
accounts-browse-tenant-domain = 租户 { $name }（{ $domain }）
accounts-browse-listing-subscriptions = 正在列出订阅…
accounts-browse-no-subscriptions = 此处没有订阅：已登录的标识在此租户的任何订阅上都没有角色（请申请某个订阅的“读者”角色），或者订阅位于其他租户中。
accounts-browse-filter-hint = 筛选订阅
accounts-browse-filter = 筛选订阅
accounts-browse-choose-shown = 选择显示项…
accounts-browse-not-shown = { $total } 个订阅中有 { $count } 个未显示。
accounts-browse-subscription = 订阅 { $id }
accounts-browse-listing-accounts = 正在列出存储帐户…
accounts-browse-no-accounts = 此订阅中没有存储帐户。
accounts-browse-opened-key = 已使用帐户密钥打开（仅保存在内存中）。
accounts-browse-opened-sign-in = 已使用你的登录打开。
accounts-browse-listing-keys = 正在列出帐户的密钥…
accounts-browse-use-sign-in = 改用我的登录
accounts-browse-use-key = 改用帐户密钥
accounts-browse-use-key-hint = 列出帐户的密钥（listKeys）并使用第一个密钥打开；密钥仅保存在内存中。
accounts-browse-key-off = 此帐户已关闭共享密钥（Shared Key）访问：只能通过登录打开。
accounts-browse-copy-id = 复制资源 ID
accounts-browse-group = 资源组 { $group }
accounts-browse-hns = 分层命名空间
accounts-browse-key-allowed = 允许 Shared Key
accounts-browse-key-off-short = Shared Key 已关闭
accounts-browse-session-no-settings = 缺少其登录设置。请编辑帐户。
accounts-browse-session-no-sign-in = 密钥链中没有其登录信息。请编辑帐户并重新登录。
accounts-browse-session-op-open = 打开存储帐户 `{ $account }`
accounts-browse-session-op-keys = 列出帐户的密钥
accounts-browse-session-no-keys = Resource Manager 未列出此帐户的任何密钥。

## The account list file (src/app/accounts/account_file.rs, saver.rs).
accounts-account-file-unreadable = 无法读取帐户列表 { $path }（{ $why }）。它保持原样，本次运行不会覆盖它：现在添加或更改的帐户仅保留到应用关闭。请修复文件权限并重新启动。
accounts-account-file-not-a-list = 它不是帐户列表
accounts-account-file-broken = 无法读取帐户列表 { $path }（{ $why }）。{ $copy } 本次运行不会覆盖它：现在添加或更改的帐户仅保留到应用关闭。请修复或移走该文件并重新启动。
accounts-account-file-no-label = （无标签）
accounts-account-file-entry = 条目 { $n } `{ $label }`：{ $why }
accounts-account-file-kept = 此版本无法读取 { $path } 中 { $total } 个帐户中的 { $count } 个（{ $why }）。它们原样保留在文件中且不显示；其余 { $listed } 个已列出。{ $copy }
accounts-account-file-copied = 文件原样的副本位于 { $path }。
accounts-account-file-not-copied = 无法创建其副本（{ $why }）。
accounts-account-file-not-saved = 无法保存帐户列表 { $path }：{ $why }
accounts-saver-not-saved = 此更改未保存，仅保留到应用关闭。{ $why }

## The keychain (src/app/accounts/secrets.rs).
accounts-secrets-no-store = 未注册密钥链存储
accounts-secrets-refused = 密钥链拒绝了它：{ $why }
accounts-secrets-unreadable = 无法读取密钥链：{ $why }
accounts-secrets-unusable = 密钥链不可用：{ $why }
accounts-secrets-no-secret-service = 没有可用的密钥链（会话 D-Bus 上没有 Secret Service：{ $why }）
accounts-secrets-no-macos = macOS 钥匙串不可用：{ $why }
accounts-secrets-no-windows = Windows 凭据管理器不可用：{ $why }
accounts-secrets-unsupported = 此平台不支持密钥链

## The tree's lists (src/app/accounts/resource_list.rs).
accounts-resource-list-public = 公共

## What the tree and the account form ask of the app (src/app/frame/account_actions.rs).
frame-account-actions-no-account = 没有帐户
frame-account-actions-accounts = { $count } 个帐户：{ $names }
frame-account-actions-secrets = { $count } 个机密
frame-account-actions-forgotten = { $names } 需要使用自己的机密重新连接（其设置已更改）
frame-account-actions-recent = { $count } 个最近打开的资源
frame-account-actions-proxy = 代理选择
frame-account-actions-look = 外观（{ $look }）
frame-account-actions-imported = 已导入：{ $what }。
frame-account-actions-partly-deleted-containers = 已删除 { $total } 个容器中的 { $deleted } 个{ $names }；未删除：{ $failed }。
frame-account-actions-partly-deleted-queues = 已删除 { $total } 个队列中的 { $deleted } 个{ $names }；未删除：{ $failed }。
frame-account-actions-partly-deleted-tables = 已删除 { $total } 个表中的 { $deleted } 个{ $names }；未删除：{ $failed }。

## The runtime (src/app/runtime/*.rs).
runtime-fonts-install = 请为其安装字体（Debian/Ubuntu 上运行 sudo apt install { $packages }），然后重新启动
runtime-fonts-add = 请在系统字体设置中为其添加字体，然后重新启动
runtime-fonts-missing = 此系统上没有可绘制 { $scripts } 文本的字体：{ $hint }。
runtime-dialogs-supported = 支持的文件
runtime-jobs-op = 作业
runtime-transfer-journal-upload = 将 { $file } 上传到 { $container }/{ $blob }
runtime-transfer-journal-download = 将 { $container }/{ $blob } 下载到 { $path }
runtime-transfer-journal-upload-folder = 将文件夹 { $folder } 上传到 { $container }/{ $blob }
runtime-transfer-journal-download-folder = 将文件夹 { $container }/{ $blob } 下载到 { $path }
