# 应用在服务错误及自身拒绝周围所说的话（简体中文）。

## 存储操作失败的原因及处理方法 (src/storage/error.rs)

error-failed = “{ $operation }”失败：{ $hint }
error-string-signed = 已签名的字符串：{ $signed }
error-request-id = （请求 ID { $id }）
error-cancelled = 已取消
error-hint-invalid = 未发送任何内容。请更正输入后重试。
error-hint-cancelled = 已在完成前取消；不会再发送任何内容。
error-hint-changed-since-read = 在你读取之后，其他人已更改了它（服务不为此写入提供条件，因此应用在写入前重新读取了它）。未写入任何内容。请重新加载以查看对方的版本，然后重新应用你的更改或强制写入。
error-hint-io = 无法读取或写入本地文件。请检查路径、可用空间和权限。
error-hint-decode = 终结点返回的内容不是存储服务的响应。请检查终结点是否指向正确的服务。
error-hint-circuit-open = 终结点连续多次失败，因此应用暂时停止向其发送请求。应用会自动重试；在此期间请检查终结点或网络。
error-hint-outcome-unknown-answered = 服务在执行此请求时失败（它返回的错误可能发生在更改完成之后），且此请求不能安全地重复。它可能已生效，也可能未生效：请先查看（速览队列、重新加载该项）再重试。
error-hint-outcome-unknown = 请求发送后连接失败，且此请求不能安全地重复。它可能已生效，也可能未生效：请先查看（速览队列、重新加载该项）再重试。
error-hint-timeout = 服务未及时响应。它可能过载或无法访问；请稍后重试。
error-hint-sign-in = 无法获取登录令牌，因此未向存储服务发送任何内容。{ $sign_in }
error-hint-sign-in-settings = 请检查帐户的登录设置，然后重试。
error-role-blob = Storage Blob Data Reader（用于读取）或 Storage Blob Data Contributor（用于写入）
error-role-queue = Storage Queue Data Reader（用于速览）、Storage Queue Data Message Processor（用于取消排队和删除）或 Storage Queue Data Contributor
error-role-table = Storage Table Data Reader（用于读取）或 Storage Table Data Contributor（用于写入）
error-role-any = 此服务的某个 Storage … Data 角色
error-scope-container = 容器
error-scope-queue = 队列
error-scope-table = 表
error-scope-resource = 资源
error-the-endpoint = 终结点
error-hint-untrusted-certificate = 此计算机不信任 { $endpoint } 提供的证书。如果此终结点使用自己的证书（使用 --cert 启动的模拟器、企业 TLS 代理、专用终结点），请在帐户设置的“信任证书”中选择该证书的 PEM 文件；信任存储的其余部分保持不变。
error-hint-emulator-not-running = { $endpoint } 上没有任何程序在侦听：本地模拟器（Azurite）未运行。请使用 `npx azurite --inMemoryPersistence --disableTelemetry` 启动它，或使用应用的运行命令（它会启动一个模拟器）。
error-hint-nothing-listening = { $endpoint } 上没有任何程序在侦听。请启动应在该处运行的模拟器或代理，或检查端口。
error-hint-unreachable = 无法访问 { $endpoint }。请检查终结点地址、网络，以及中间的任何代理或防火墙。
error-hint-arm-no-role = 已登录的标识没有允许在此执行此操作的角色。列出存储帐户需要订阅上的 Reader 角色（或任何具有 Microsoft.Storage/storageAccounts/read 的角色）；使用帐户密钥需要 Storage Account Key Operator 或 Contributor 角色。请联系订阅的所有者；角色分配可能需要几分钟才能生效。
error-hint-other-tenant = 登录的租户不是此订阅所在的租户：请同时登录该租户。{ $sign_in }
error-hint-arm-token-refused = Resource Manager 拒绝了登录令牌（已过期，或不是用于 Resource Manager 的令牌）。{ $sign_in }
error-hint-subscription-not-found = 在此租户中找不到该订阅：它已被移动、取消，或属于其他租户。请刷新列表。
error-hint-sas-expired-at = SAS 已于 { $expiry } （UTC）过期。请创建新的 SAS 并编辑帐户以使用它。
error-hint-clock = 服务拒绝了请求的时间：此计算机的时钟不准确。请校正时钟后重试。
error-hint-no-data-role = 已登录的标识没有允许此操作的数据角色。请让存储帐户的所有者在该帐户（或此{ $scope }）上为其分配 { $role }。Owner 或 Contributor 等管理角色不授予数据访问权限；角色分配可能需要几分钟才能生效。
error-hint-token-refused = 服务拒绝了登录令牌。{ $sign_in }
error-hint-token-refused-because = 服务拒绝了登录令牌（{ $detail }）。{ $sign_in }
error-hint-identity-refused = 服务拒绝了已登录标识的此请求。帐户上的网络规则或防火墙，或者不涵盖此操作的数据角色都可能导致此问题；下方的代码和消息会说明具体原因。
error-hint-identity-refused-because = 服务拒绝了已登录标识的此请求（{ $detail }）。帐户上的网络规则或防火墙，或者不涵盖此操作的数据角色都可能导致此问题；下方的代码和消息会说明具体原因。
error-hint-key-access-off = 此帐户不允许使用密钥或由密钥生成的 SAS 进行访问（已关闭共享密钥访问）。请改为将其添加为 Microsoft Entra ID 帐户。
error-hint-signature-form = 服务不接受此请求的签名方式，尽管相同的凭据在之前的请求中有效：密钥是正确的。可能是此应用以服务计算方式不同的形式对请求进行了签名，或者中间的某个环节（代理）在签名后更改了请求。下方（以及 HTTP 检查器中）列出了此应用签名的字符串，可与服务期望的字符串进行比较。
error-hint-bad-signature = 服务无法验证签名：帐户密钥错误，或此计算机的时钟偏差超过 15 分钟。请检查密钥（或 SAS）和时钟。
error-hint-sas-permission = 该 SAS 不授予此操作的权限。请创建具有所需权限、服务和资源类型的 SAS。
error-hint-sas-expired = SAS 已过期。请创建新的 SAS。
error-hint-access-refused = 访问被拒绝。请检查帐户密钥或 SAS 及其权限。
error-hint-lease-precondition = 该 Blob 或容器已被另一个客户端租用，而此次写入未携带该租用 ID。请等待租用结束、中断租用，或使用租用 ID 写入。
error-hint-precondition = 在你加载之后，其他人已更改了它（其 ETag 不再匹配，或它在不应存在时已存在）。请重新加载以查看对方的版本，或强制写入。
error-hint-lease-conflict = 租用造成了阻碍：资源已被租用，或租用处于不允许此操作的状态。请检查租用指示器。
error-hint-already-exists = 它已存在。请选择其他名称，或打开现有的项。
error-hint-being-deleted = 它正在被删除；服务需要一小段时间才能再次使用该名称。
error-hint-conflict = 它与资源的当前状态冲突（已存在、已被租用或正忙）。请重新加载后重试。
error-hint-message-not-found = 消息已不存在，或 pop receipt 已过时：消息已再次可见或已被更新，现在可能由其他人持有。请再次取消排队以获取最新的 receipt。
error-hint-pop-receipt = pop receipt 已过时：此后消息已被取消排队或更新。请再次取消排队以获取最新的 receipt。
error-hint-not-found = 它不存在（或已不存在）。请刷新以查看当前内容。
error-hint-bad-request = 服务认为请求格式不正确而拒绝了它。下方的消息会说明是哪一部分。
error-hint-busy = 服务当前繁忙或出现故障。请稍后重试。
error-hint-too-large = 请求对于服务来说过大。
error-hint-refused = 服务拒绝了请求。下方的代码和消息会说明原因。

## 签名 SAS 之前的拒绝 (src/storage/service_sas.rs, account_sas.rs, blob/sas.rs)

error-sas-ip-invalid = `{ $ip }` 不是 IPv4 地址，也不是 168.1.5.60-168.1.5.70 这样的范围。
error-sas-service-needs-key = 服务 SAS 只能使用帐户密钥签名，而此帐户没有密钥。
error-sas-service-needs-key-or-delegation = 服务 SAS 只能使用帐户密钥签名，而此帐户没有密钥。已登录的帐户请改为创建用户委托 SAS。
error-sas-account-needs-key = 帐户 SAS 只能使用帐户密钥签名，而此帐户没有密钥。
error-sas-delegation-key-needs-sign-in = 只有 Microsoft Entra ID 登录才能获取用户委托密钥；使用帐户密钥时，请创建服务 SAS。
error-sas-not-a-permission = `{ $letter }` 不是此处可用的权限；可用权限为：{ $allowed }。
error-sas-not-a-service = `{ $letter }` 不是帐户 SAS 接受的服务：{ $allowed }。
error-sas-not-a-resource-type = `{ $letter }` 不是帐户 SAS 接受的资源类型：{ $allowed }。
error-sas-not-an-account-permission = `{ $letter }` 不是帐户 SAS 接受的权限：{ $allowed }。
error-sas-choose-service = 请至少选择一个服务。
error-sas-choose-resource-type = 请至少选择一种资源类型。
error-sas-choose-permissions = 请至少选择一个权限。
error-sas-choose-permission = 请至少选择一个权限。
error-sas-choose-permission-or-policy = 请至少选择一个权限，或选择一个存储的访问策略。
error-sas-choose-expiry = 请选择到期时间。
error-sas-choose-expiry-or-policy = 请选择到期时间，或选择一个设置了到期时间的存储的访问策略。
error-sas-expiry-before-start = 到期时间必须晚于开始时间。

## 发送前检查的命名规则 (src/storage/names.rs)

error-names-table-length = 表名 `{ $name }` 的长度必须为 3 到 63 个字符。
error-names-table-characters = 表名 `{ $name }` 只能包含字母和数字。
error-names-table-start = 表名 `{ $name }` 必须以字母开头。
error-names-table-reserved = `tables` 是保留名称。
error-names-container-length = 容器名 `{ $name }` 的长度必须为 3 到 63 个字符。
error-names-container-characters = 容器名 `{ $name }` 只能包含小写字母、数字和连字符。
error-names-container-hyphens = 容器名 `{ $name }` 必须以字母或数字开头和结尾，且不能包含 `--`。
error-names-queue-length = 队列名 `{ $name }` 的长度必须为 3 到 63 个字符。
error-names-queue-characters = 队列名 `{ $name }` 只能包含小写字母、数字和连字符。
error-names-queue-hyphens = 队列名 `{ $name }` 必须以字母或数字开头和结尾，且不能包含 `--`。
error-names-blob-dot-segment = Blob 名称 `{ $name }` 包含路径段 `{ $segment }`。URL 将 `.` 和 `..` 视为“当前文件夹”和“上一级文件夹”，因此这样的名称会指向另一个 Blob；请选择不含它们的名称。
error-names-blob-length = Blob 名称的长度必须为 1 到 1024 个字符（此名称为 { $chars } 个）。
error-names-blob-control = Blob 名称包含控制字符 { $character }。
error-names-blob-segments = Blob 名称最多只能有 254 个路径段。

## 发送队列请求之前的拒绝 (src/storage/queue/mod.rs)

error-queue-count = 服务每次调用返回 1 到 32 条消息，而不是 { $count } 条。
error-queue-too-large = 该消息存储后为 { $kib } KiB；服务最多接受 64 KiB（Base64 会增加三分之一）。
error-queue-control-character = 文本包含 XML 无法承载的 { $character }；请选择 Base64。
error-queue-visibility-too-long = 可见性超时最长为七天（604800 秒）。
error-queue-ttl-too-short = 生存时间至少为一秒。
error-queue-dequeue-visibility = 取消排队需要至少一秒的可见性超时。
error-queue-text-not-utf8 = 纯文本消息必须是 UTF-8；二进制内容请选择 Base64。
error-queue-metadata-now = 队列的元数据现在为：{ $metadata }
error-queue-metadata-none = 无

## 发送实体、批处理或查询之前的拒绝 (src/storage/table)

error-entity-too-many-properties = 该实体有 { $count } 个属性；除 PartitionKey、RowKey 和 Timestamp 外，服务最多允许 { $allowed } 个。
error-entity-property-twice = 属性 `{ $name }` 出现了两次。
error-entity-value-too-large = 属性 `{ $name }` 为 { $kib } KiB；字符串（按 UTF-16 计）和二进制值最大为 64 KiB。
error-entity-too-large = 按服务的计算方式，该实体为 { $kib } KiB；上限为 1 MiB。
error-entity-key-character = { $which } `{ $key }` 包含 { $character }，键中不允许包含该字符。
error-entity-key-too-long = { $which } 超过 1 KiB（按 UTF-16 计）。
error-entity-property-no-name = 某个属性没有名称。
error-entity-property-name-too-long = 属性名 `{ $name }` 超过 255 个字符。
error-entity-property-name-system = `{ $name }` 是系统属性名，不能用作属性名。
error-entity-property-name-characters = 属性名 `{ $name }` 必须以字母或 `_` 开头，且只能包含字母、数字和 `_`。
error-batch-too-large = 批处理为 { $kib } KiB；服务最多接受 4 MiB。
error-batch-count = 批处理包含 1 到 100 个操作，而不是 { $count } 个。
error-batch-other-partition = 操作 { $number } 位于分区 `{ $partition_key }`，但批处理必须位于同一个分区（`{ $partition }`）。
error-batch-row-twice = RowKey `{ $row_key }` 出现了两次；批处理对每个实体只能操作一次。
error-table-filter-invalid = 筛选器在第 { $column } 个字符处无效：{ $message }
error-table-page-size = 一页包含 1 到 1,000 个实体，而不是 { $top } 个。

## 无法获取登录令牌的原因及如何重新登录 (src/storage/azure_cli.rs, oauth.rs)

error-cli-sign-in-again = 请使用 `{ $command }` 重新登录，然后重试；已打开的选项卡和未保存的编辑保持不变。
error-cli-too-slow = `az account get-access-token` 未在 { $seconds } 秒内完成
error-cli-not-installed = 未安装 Azure CLI（`{ $program }`），或它不在 PATH 中。请安装它（https://learn.microsoft.com/cli/azure/install-azure-cli），运行 `az login`，然后重试。
error-cli-not-started = 无法启动 `{ $program }`：{ $error }
error-cli-no-message = （无消息）
error-cli-not-signed-in = Azure CLI 未登录（它显示：{ $said }）。请运行 `{ $command }`，然后重试。
error-cli-sign-in-ended = Azure CLI 的登录被拒绝或已过期（它显示：{ $said }）。请再次运行 `{ $command }`，然后重试。
error-cli-failed = `az account get-access-token` 失败：{ $said }
error-cli-answer-not-json = Azure CLI 的响应不是 `az account get-access-token` 输出的 JSON（{ $why }）。
error-cli-answer-no-token = Azure CLI 的响应中没有 `accessToken`。
error-cli-answer-no-expiry = Azure CLI 的响应没有说明令牌何时到期。
error-oauth-check-secret = 请检查服务主体的客户端密码（编辑帐户以输入新密码），然后重试；已打开的选项卡和未保存的编辑保持不变。
error-oauth-sign-in-again = 请重新登录：“编辑帐户…”、“使用浏览器登录”（或“使用代码登录”）、“保存帐户”；然后重试。已打开的选项卡和未保存的编辑保持不变。

## 代理的拒绝及代理地址的检查 (src/storage/proxy.rs)

error-proxy-enter-address = 请输入代理地址，例如 http://proxy.contoso.com:3128。
error-proxy-not-an-address = `{ $text }` 不是代理地址（{ $error }），示例：http://proxy.contoso.com:3128。
error-proxy-scheme = `{ $text }` 不是代理地址：请提供 http://主机:端口（代理自身的协议，而不是网站的协议）。
error-proxy-credentials-in-address = 请将代理的用户名和密码填入各自的字段（密码保存到操作系统密钥链），而不是写在地址中。
error-proxy-path = `{ $text }` 包含路径：请只提供 http://主机:端口。
error-proxy-refused-credentials = 代理拒绝了其用户名和密码（HTTP 407）。请在“工具 > 代理…”中检查。
error-proxy-asks-credentials = 代理要求提供用户名和密码（HTTP 407）。请在“工具 > 代理…”中输入。
error-proxy-system-asks-credentials = 系统代理要求提供用户名和密码（HTTP 407），而此应用无法从系统获取它们。请在“工具 > 代理…”中设置代理及其用户名和密码。
error-proxy-tunnel = 代理未打开到终结点的通道。请在“工具 > 代理…”（或系统代理设置）中检查代理地址，并确认代理允许访问此主机。

## 发送 Blob 请求之前的拒绝 (src/storage/blob)

error-lease-duration = 租用时长为 15 到 60 秒或无限期，而不是 { $seconds } 秒。
error-lease-id = `{ $id }` 不是租用 ID（应为 6f9619ff-8b86-d011-b42d-00c04fc964ff 这样的 GUID）。
error-lease-break-period = 中断期为 0 到 60 秒，而不是 { $seconds } 秒。
error-append-size = 一次追加为 1 字节到 4 MiB；此次为 { $bytes } 字节。
error-page-blob-size = 页 Blob 的大小必须是 512 字节的正整数倍；{ $size } 不是。
error-pages-write = 页按 512 字节为单位写入，最多 4 MiB，且偏移量须为 512 的倍数：偏移量 { $offset } 处的 { $length } 字节不符合要求。
error-pages-clear = 页按 512 字节为单位清除，且偏移量须为 512 的倍数：偏移量 { $offset } 处的 { $length } 字节不符合要求。
error-tags-count = 一个 Blob 最多有 { $max } 个标记；此处有 { $count } 个。
error-tags-key-length = 标记键 `{ $key }` 的长度必须为 1 到 128 个字符。
error-tags-value-length = 标记 `{ $key }` 的值有 { $length } 个字符；最多 256 个。
error-tags-character = 标记 `{ $key }` 包含 `{ $character }`：键和值只能包含字母、数字、空格和 + - . / : = _。
error-tags-key-twice = 标记键 `{ $key }` 出现了两次。
error-tags-find-what = 请说明要查找哪些标记：`"status" = 'done'`。
error-upload-too-large = 文件为 { $size } 字节；块 Blob 最多容纳 { $max_blocks } 个 4,000 MiB 的块。
error-upload-foreign-blocks = 该 Blob 有其他工具暂存但未提交的块（ID 类似 `{ $id }`，长度与此应用的不同），在这些块被提交或丢弃之前，服务不接受其他长度的块（Azure 会在一周后丢弃未提交的块）。请以其他名称上传，或使用暂存这些块的工具提交或覆盖该 Blob。未发送任何内容。
error-upload-etag-now = 该 Blob 的 ETag 现在为 { $etag }，因此上传的条件不成立。
error-upload-no-blob-for-if-match = 该 Blob 不存在，因此 If-Match 无法成立。
error-file-changed-while-sent = 无法完整读取文件（{ $error }）：发送期间文件是否发生了更改？
error-file-empty-append = 文件为空：没有可追加的内容。
error-append-past-max = 该 Blob 将增长到 { $size } 字节，超过设置的最大值 { $max }。
error-file-empty-pages = 文件为空：没有可写入的页。
error-pages-file-length = 页按 512 字节为单位写入：文件为 { $length } 字节，不是 512 的倍数（请填充它，或截断为 { $cut } 字节）。未写入任何内容。
error-pages-offset = 偏移量 { $offset } 不是 512 的倍数。未写入任何内容。
error-pages-past-end = 文件在偏移量 { $offset } 处的 { $length } 字节超出了 Blob 末尾（{ $size } 字节）{ $over } 字节。未写入任何内容：请调整 Blob 大小，或在更小的偏移量处写入。

## 连接字符串的检查 (src/storage/connection_string.rs)

error-cs-empty = 连接字符串为空。
error-cs-part-form = 连接字符串的第 { $part } 部分不是 Name=Value 的形式。
error-cs-unknown-setting = 连接字符串包含未知设置 `{ $setting }`。已知设置：{ $known }。
error-cs-unknown-setting-in-part = 连接字符串的第 { $part } 部分包含未知设置。已知设置：{ $known }。
error-cs-twice = 连接字符串两次设置了 `{ $setting }`。
error-cs-key-and-sas = 连接字符串同时包含 AccountKey 和 SharedAccessSignature；请只保留一个。
error-cs-protocol = DefaultEndpointsProtocol 为 `{ $protocol }`；它必须为 `https` 或 `http`。
error-cs-different-sas = 连接字符串的各终结点带有不同的 SAS 令牌；请只保留一个，放在 SharedAccessSignature 中。
error-cs-no-account = 连接字符串既未指定 AccountName，也未指定 BlobEndpoint、QueueEndpoint 或 TableEndpoint。
error-cs-suffix = EndpointSuffix `{ $suffix }` 不是主机名的结尾（它包含 `{ $bad }`）；它应类似于 `core.windows.net`。对于带路径的终结点，请改为提供 BlobEndpoint、QueueEndpoint 和 TableEndpoint。
error-cs-endpoint-sas-and-key = 连接字符串的某个终结点带有 SAS，而该字符串还包含 AccountKey；请只保留一个。
error-cs-endpoint-sas-and-other-sas = 连接字符串的某个终结点带有 SAS，而该字符串还包含不同的 SharedAccessSignature；请只保留一个。
error-cs-key-without-name = 连接字符串包含 AccountKey，但没有 AccountName。
error-cs-development-value = UseDevelopmentStorage 为 `{ $value }`；唯一接受的值是 `true`。
error-cs-development-combined = UseDevelopmentStorage=true 不能与 `{ $setting }` 组合使用。

## 读取时检查的帐户设置 (src/storage/account.rs)

error-account-key-empty = 帐户密钥为空。
error-account-key-base64 = 帐户密钥不是有效的 base64（{ $error }）。请从门户的“访问密钥”页面重新复制。
error-account-sas-empty = 共享访问签名为空。
error-account-sas-no-sig = 共享访问签名没有 `sig=` 部分。请复制完整的 SAS 令牌或 URL。
error-account-sas-url-not-url = SAS URL 不是 URL（{ $error }）。
error-account-sas-url-scheme = SAS URL 必须以 https:// 开头（模拟器可用 http://）。
error-account-sas-url-which-service = SAS URL 未说明它用于容器、队列还是表；请选择一个。
error-account-sas-url-no-account = SAS URL 在主机之后未指定帐户。
error-account-sas-url-no-resource = SAS URL 未指定容器、队列或表。对于整个帐户范围的 SAS，请使用连接字符串。
error-account-no-blob-endpoint = 帐户 `{ $account }` 没有 Blob 终结点：其连接字符串或 SAS URL 未指定。
error-account-no-queue-endpoint = 帐户 `{ $account }` 没有队列终结点：其连接字符串或 SAS URL 未指定。
error-account-no-table-endpoint = 帐户 `{ $account }` 没有表终结点：其连接字符串或 SAS URL 未指定。
error-account-name-empty = 帐户名为空。
error-account-name-characters = 帐户名 `{ $name }` 只能包含字母和数字。
error-account-endpoint-of-blob = Blob 终结点
error-account-endpoint-of-queue = 队列终结点
error-account-endpoint-of-table = 表终结点
error-account-endpoint-has-sas = { $setting } 带有共享访问签名（`?…sig=…`）。终结点只是服务的地址：请删除从 `?` 开始的部分，或将帐户添加为 SAS URL 或连接字符串。
error-account-endpoint-not-url = { $setting } `{ $url }` 不是有效的 URL（{ $error }）。
error-account-endpoint-scheme = { $setting } `{ $url }` 必须是带主机的 http:// 或 https:// URL。
error-account-endpoint-query = { $setting } `{ $url }` 包含查询（`?…`）。终结点只是服务的地址：请删除从 `?` 开始的部分。

## 构建请求时的拒绝以及暂停的终结点 (src/storage/pipeline.rs, request.rs)

error-request-dot-segment = 名称 `{ $name }` 包含路径段 `{ $segment }`。URL 将 `.` 和 `..` 视为“当前文件夹”和“上一级文件夹”，因此请求会到达另一个资源；无法寻址这样的名称。未发送任何内容。
error-request-invalid-url = `{ $path }` 无法构成有效的 URL（{ $error }）。
error-request-header-name = `{ $name }` 不能用作标头名称。
error-request-header-not-ascii = `{ $name }` 的值包含 HTTP 标头无法承载的字符（仅限纯 ASCII）：`{ $value }`。未发送任何内容。
error-request-header-rfc5987 = 对于文件名，请使用 RFC 5987 形式书写，例如 `attachment; filename*=UTF-8''{ $encoded }`。
error-request-header-write-ascii = 请用 ASCII 书写（其余部分使用百分号编码或 Base64）。
error-circuit-paused = { $service } 终结点连续失败 { $failures } 次（最近一次：{ $last }）；还将暂停 { $seconds } 秒

## 下载的检查 (src/storage/blob/download.rs)

error-download-no-size = 关于该 Blob 的响应未说明其大小（没有 Content-Length；途中的代理可能会丢弃它），因此无法校验下载。未保存任何内容。
error-download-under-way = 另一个下载到 { $path } 的操作正在进行（在此应用或其另一个实例中）。请等待其完成，或下载为其他名称。
error-download-link-at = { $path } 处是一个链接，而下载要在那里保存自己的文件：不会通过链接写入，因为它可能指向文件夹之外。请删除该链接，或下载为其他名称。
error-download-short = 已接收 { $received } / { $size } 字节；未保存任何内容。
error-download-range-short = 范围在接收 { $received } / { $wanted } 字节后结束
error-download-checksum = 内容的校验和与 Blob 的不匹配
error-download-restarted = 自中断的下载开始以来，`{ $blob }` 已更改（当时 ETag 为 { $then }，现在为 { $now }），因此下载已重新开始。
error-download-no-free-name = { $path } 旁边没有可用于保存下载内容的空闲名称。

## 使用 Microsoft Entra ID 登录：客户端自身的说明 (src/storage/oauth.rs)

error-oauth-host-not-url = 登录主机 `{ $host }` 不是 URL（{ $error }），示例：{ $example }。
error-oauth-host-not-https = 登录主机 `{ $host }` 未使用 HTTPS：机密和令牌将以明文传输。
error-oauth-enter-tenant = 请输入租户：其目录（租户）ID 或域，例如 contoso.onmicrosoft.com；或输入 `organizations` 以使用任何工作或学校帐户。
error-oauth-not-url = `{ $url }` 不是 URL（{ $error }）。
error-oauth-untrusted-certificate = 此计算机不信任登录主机的证书：如果执行 TLS 检查的代理或专用登录主机使用自己的证书，请在帐户设置的“信任证书”中选择其 PEM 文件。
error-oauth-check-network = 请检查网络和登录主机。
error-oauth-unreachable = 无法访问登录终结点 { $url }（{ $words }）。{ $hint }
error-oauth-no-json = 登录终结点 { $url } 返回了 HTTP { $status }，但没有应有的 JSON。请检查登录主机。
error-oauth-secret-refused = 登录被拒绝（{ $error }：{ $description }）。请检查租户、客户端 ID 和密码；客户端密码会在其到期日失效（在应用注册的“证书和密码”下创建新密码）。
error-oauth-enter-client-id = 请输入应用注册的客户端 ID（具有 Azure Storage user_impersonation 权限的公共客户端；用户指南的“帐户”一章介绍了如何创建）。
error-oauth-device-instruction = 若要登录，请打开 { $uri } 并输入代码 { $code }。
error-oauth-no-code = 未提供代码（{ $error }：{ $description }）。请检查租户，并确认应用注册允许公共客户端流（Authentication > Allow public client flows）。
error-oauth-no-refresh-token = 登录未提供刷新令牌（未授予 `offline_access` 权限），因此登录将在一小时内结束。请向应用注册授予该权限，然后重新登录。
error-oauth-declined = 登录在验证页面被拒绝。请重新开始登录。
error-oauth-failed = 登录失败（{ $error }：{ $description }）。
error-oauth-browser-code-refused = 未接受来自浏览器的代码（{ $error }：{ $description }）。请重新开始登录；应用注册需要重定向 URI http://localhost（移动和桌面应用程序）。
error-oauth-code-expired = 代码在登录完成前已过期。请重新开始登录并输入新代码。
error-oauth-ended = 登录已结束（{ $error }：{ $description }）。

## 发送前检查的元数据、存储的访问策略和令牌 (src/storage/metadata.rs, policies.rs, token.rs)

error-metadata-name-characters = 元数据名称 `{ $name }` 必须以字母或 `_` 开头，且只能包含字母、数字和 `_`。
error-metadata-name-twice = 元数据名称 `{ $name }` 出现了两次（名称不区分大小写）。
error-metadata-value-ascii = 元数据 `{ $name }` 的值必须是纯 ASCII（它作为 HTTP 标头传输）。
error-policies-count = 最多 { $max } 个存储的访问策略；此处有 { $count } 个。
error-policies-id-length = 策略 ID `{ $id }` 的长度必须为 1 到 64 个字符。
error-policies-id-twice = 策略 ID `{ $id }` 出现了两次。
error-policies-permission = 策略 `{ $id }`：`{ $letter }` 不是此处可用的权限；可用权限为：{ $allowed }。
error-policies-start-time = 策略 `{ $id }`：开始时间 `{ $time }` 不是 2026-12-01T00:00:00Z 这样的 UTC 时间。
error-policies-expiry-time = 策略 `{ $id }`：到期时间 `{ $time }` 不是 2026-12-01T00:00:00Z 这样的 UTC 时间。
error-token-https-only = Microsoft Entra ID 令牌只通过 HTTPS 发送，而 { $host } 使用的是纯 HTTP。请使用 https:// 终结点（在帐户设置中勾选“使用 HTTPS”）。
error-token-this-endpoint = 此终结点
error-token-not-a-header = 登录提供的令牌包含标头无法承载的字符。

## 使用浏览器登录 (src/storage/browser_sign_in.rs)；其中三个页面显示在浏览器中

error-browser-enter-client-id = 请输入应用注册的客户端 ID（在“移动和桌面应用程序”下具有重定向 URI http://localhost 的公共客户端；用户指南的“帐户”一章介绍了操作方法）。
error-browser-too-slow = 未在 { $minutes } 分钟内在浏览器中完成登录。请重新开始。
error-browser-page-not-this = 这不是 Tessera 正在等待的登录。
error-browser-page-signed-in = 已登录。可以关闭此选项卡并返回 Tessera。
error-browser-page-not-finished = 登录未完成。请返回 Tessera 查看原因。
error-browser-declined = 登录在浏览器中被拒绝。请重新开始登录。
error-browser-no-code = 浏览器返回时没有代码（{ $error }：{ $description }）。
error-browser-no-port = 没有可用于侦听重定向的本地端口：{ $error }
error-browser-ports-taken = 尝试过的每个端口在 ::1 上都已被占用
error-browser-listen-failed = 侦听重定向失败：{ $error }

## Resource Manager：客户端自身的检查和说明 (src/storage/arm.rs)

error-arm-not-url = `{ $endpoint }` 不是 URL（{ $error }），示例：https://management.azure.com。
error-arm-not-https = `{ $endpoint }` 未使用 HTTPS：登录令牌将以明文传输。
error-arm-unknown-cloud = `{ $endpoint }` 不是此应用已知云的 Resource Manager（management.azure.com、management.chinacloudapi.cn、management.usgovcloudapi.net）：Resource Manager 令牌只发送到这些地址。
error-arm-subscription-id = `{ $id }` 不是订阅 ID。
error-arm-account-id = `{ $id }` 不是存储帐户的 ID。
error-arm-next-link = Resource Manager 的 nextLink 不是 URL（{ $error }）。
error-arm-next-host = Resource Manager 的下一页位于另一个主机（{ $next }）上；未跟随该链接，因此令牌仍只发送给 { $host }。
error-arm-answered = Resource Manager 返回了 HTTP { $status }。

## 保存前检查的服务属性 (src/storage/service_properties.rs)

error-props-cors-count = 一个服务最多有 { $max } 条 CORS 规则，而不是 { $count } 条。
error-props-cors-no-origin = CORS 规则 { $rule } 未允许任何源：请填写 `*` 或以逗号分隔的源。
error-props-cors-origins = CORS 规则 { $rule }：最多 64 个源，每个最长 256 个字符。
error-props-cors-no-method = CORS 规则 { $rule } 未允许任何方法（{ $methods } 中的一个或多个）。
error-props-cors-method = CORS 规则 { $rule }：`{ $method }` 不是服务接受的方法（{ $methods }）。
error-props-cors-allowed-headers = CORS 规则 { $rule }：允许的标头最多 64 个名称和 2 个前缀（`x-ms-meta-*`），每个最长 256 个字符。
error-props-cors-exposed-headers = CORS 规则 { $rule }：公开的标头最多 64 个名称和 2 个前缀（`x-ms-meta-*`），每个最长 256 个字符。
error-props-cors-size = CORS 规则合计 { $size } 字节；服务最多接受 { $max } 字节（2 KiB，不含 XML）。请将多个源合并到更少的规则中，或使用 `*`。
error-props-logging = 日志记录
error-props-hour-metrics = 小时指标
error-props-minute-metrics = 分钟指标
error-props-delete-retention = 删除保留
error-props-retention-days = { $what }：保留期为 1 到 365 天。
error-props-blob-only = 只有 Blob 服务才有静态网站和删除保留。
error-props-index-document = 静态网站需要索引文档（例如 index.html）。

## 输入的表值与其类型不符 (src/storage/table/edm.rs)

error-edm-fraction-digits = `{ $text }` 有 { $digits } 位小数；表的 DateTime 保留七位（100 纳秒）。
error-edm-not-datetime = `{ $text }` 不是 2026-11-22T08:30:00.1234567Z 这样的日期和时间（UTC，ISO 8601）。
error-edm-datetime-range = `{ $text }` 超出了表的范围 1601-01-01 到 9999-12-31（UTC）。
error-edm-not-int32 = `{ $text }` 不是 Int32：应为 -2147483648 到 2147483647 之间的整数。
error-edm-not-int64 = `{ $text }` 不是 Int64：应为 -9223372036854775808 到 9223372036854775807 之间的整数。
error-edm-not-boolean = `{ $text }` 不是 Boolean：请输入 true 或 false。
error-edm-not-guid = `{ $text }` 不是 6f9619ff-8b86-d011-b42d-00c04fc964ff 这样的 Guid。
error-edm-not-base64 = 该值不是有效的 base64。
error-edm-unparsed-typed = 此应用无法读取的类型的值只能保留，不能手动输入。
error-edm-unparsed-convert = 此应用无法读取此值，因此无法转换它。
error-edm-binary-to-string = Binary 无法转换为 String；请改为复制其 base64。
error-edm-no-conversion = 该值无法转换为 { $type_name }：{ $why }
error-edm-not-double = `{ $text }` 不是 Double：应为 1.5 或 1e300 这样的数字，或 NaN、Infinity、-Infinity。

## 登录和 Resource Manager 请求：客户端自身的说明 (src/storage/side_requests.rs)

error-side-plain-http-proxy = { $host } 使用纯 HTTP，请求将通过代理发送，代理会以明文读取登录信息。请使用其 https:// 地址，或在“工具 > 代理…”中选择“不使用代理”。
error-side-plain-http-proxy-endpoint = 终结点使用纯 HTTP，请求将通过代理发送，代理会以明文读取登录信息。请使用其 https:// 地址，或在“工具 > 代理…”中选择“不使用代理”。
error-side-unreachable = 无法访问 { $host }（{ $words }）。
error-side-unreachable-endpoint = 无法访问终结点（{ $words }）。

## 响应缺少应有的内容 (src/storage/blob, table, queue)

error-decode-no-etag = 服务未返回新的 ETag。
error-decode-no-snapshot-time = 服务未返回快照时间。
error-decode-no-pop-receipt = 服务未返回新的 pop receipt。
error-decode-batch-empty = 批处理响应中没有操作结果。
error-decode-missing-element = 响应中没有 <{ $name }>。
error-decode-key-not-base64 = 密钥的 <Value> 不是 base64。
error-decode-page-range-not-numeric = 响应中的页范围没有数值型的 <{ $name }>。
error-listing-stopped = 列表的一部分已停止：{ $why }
error-decode-no-lease-id-container = 服务未返回容器 `{ $container }` 的租用 ID。
error-decode-no-lease-id-blob = 服务未返回 `{ $blob }` 的租用 ID。
error-policies-now = 队列的策略现在为：{ $policies }

## 格式不正确的 XML 响应 (src/storage/xml.rs)

error-xml-malformed = 响应不是格式正确的 XML：{ $why }
error-xml-malformed-text = 响应中含有格式不正确的 XML 文本：{ $why }
error-xml-malformed-reference = 响应中含有格式不正确的 XML 字符引用：{ $why }
error-xml-unbalanced = 响应不是格式正确的 XML：某个结束标记没有对应的元素。
error-xml-empty = 响应是一个空的 XML 文档。

## 服务发送的、此应用无法读取或只能按原样读取的实体 (src/storage/table/entity_json.rs)

error-entity-json-property-unread = 属性 `{ $name }`：{ $why }
error-entity-json-type-unknown = 类型 `{ $odata_type }` 不是此应用所知的表类型
error-entity-json-int32-too-large = { $value } 超出 Int32 的范围
error-entity-json-value-not-its-type = 值与其声明的类型 { $edm_type } 不符
error-entity-json-property-twice = 属性 `{ $name }` 在一个实体中出现了两次
error-entity-json-type-twice = 属性 `{ $name }` 的类型给出了两次
error-entity-json-type-empty = 属性 `{ $name }` 的类型为空（`{ $name }@odata.type` 未指明类型）

## 帐户使用的登录方式，显示在状态栏中 (src/storage/azure_cli.rs, oauth.rs)

error-describe-cli = Azure CLI 登录
error-describe-cli-tenant = Azure CLI 登录（租户 { $tenant }）
error-describe-service-principal = 服务主体 { $client_id }（租户 { $tenant }）
error-describe-personal = 个人登录（租户 { $tenant }）

## 中途停止的文件写入 Blob (src/storage/blob/file_writes.rs)

error-part-way-appended = 停止前已追加 { $total } 字节中的 { $done } 字节（偏移量 { $first } 到 { $last }）；其余部分未追加。
error-part-way-written = 停止前已写入 { $total } 字节中的 { $done } 字节（偏移量 { $first } 到 { $last }）；其余部分未写入。
error-nothing-appended = 文件的 { $total } 字节均未追加。
error-nothing-written = 文件的 { $total } 字节均未写入。

## 无法解析的表筛选器，在发送前指出 (src/storage/table/odata_parser.rs)

error-filter-empty = 筛选器为空。
error-filter-unexpected = 此处意外出现 { $found }；请用 `and` 或 `or` 连接条件。
error-filter-the-value = 值 { $value }
error-filter-not-operator = `{ $op }` 不是 OData 运算符；请写 `{ $hint }`。
error-filter-cannot-appear = `{ $character }` 不能出现在此处。
error-filter-quote-open = 此引号未闭合；请用 `'` 结束该值（值内的引号写作 `''`）。
error-filter-not-guid = guid'{ $content }' 不是 guid'6f9619ff-8b86-d011-b42d-00c04fc964ff' 这样的 Guid。
error-filter-hex = { $prefix }'{ $content }' 必须是偶数个十六进制数字。
error-filter-literal-type = `{ $prefix }'…'` 不是文本类型；请使用 datetime'…'、guid'…'、X'…' 或 binary'…'，或普通的 '…' 字符串。
error-filter-not-int64 = `{ $body }L` 不是 Int64。
error-filter-not-double = `{ $body }d` 不是 Double。
error-filter-not-number = `{ $body }` 不是数字。
error-filter-int32-too-large = { $body } 超出 Int32 的范围；若为 Int64，请写 { $body }L。
error-filter-after-number = `{ $character }` 不能跟在此处的数字后面。
error-filter-ends-early = 筛选器在应有条件的位置结束了。
error-filter-close-paren = 应为 `)` 以闭合第 { $column } 个字符处的 `(`，但找到的是 { $found }。
error-filter-paren-open = 此 `(` 未闭合。
error-filter-expected-comparison = { $after } 之后应为比较运算（eq、ne、gt、ge、lt、le）。
error-filter-needs-value = `{ $op }` 之后需要一个值。
error-filter-operand-missing = 末尾缺少属性或值。
error-filter-found-keyword = 应为属性或值，但找到的是关键字 `{ $keyword }`。
error-filter-expected-operand = 应为属性或值，但找到的是 { $found }。
error-filter-double-range = `{ $body }` 超出了 Double 的范围（约 ±1.8e308）。

## 批处理中失败的操作 (src/storage/table/batch.rs)；reqwest 拒绝的代理地址 (proxy.rs)

error-batch-operation-failed = 操作 { $number }（对 RowKey `{ $row_key }` 的{ $verb }）失败，因此所有操作均未应用：{ $message }
error-batch-an-operation-failed = 某个操作失败，因此所有操作均未应用：{ $message }
error-batch-verb-insert = 插入
error-batch-verb-replace = 替换
error-batch-verb-merge = 合并
error-batch-verb-insert-or-replace = 插入或替换
error-batch-verb-insert-or-merge = 插入或合并
error-batch-verb-delete = 删除
error-proxy-address = 代理地址：{ $error }

error-op-append-file = 将 `{ $file }` 追加到 `{ $blob }`
error-transfer-task-stopped = 传输任务已停止：{ $why }
error-transfer-no-task = 没有正在运行的传输任务
error-retrying = { $words }；正在重试
error-odata-function = `{ $word }(…)` 是函数，而表服务不支持任何函数。若要按前缀查找，请写成范围：RowKey ge 'abc' and RowKey lt 'abd'。
error-op-write-pages-file = 将 `{ $file }` 写入 `{ $blob }` 的页

## Operation names (src/storage)

error-op-create-container = 创建容器 `{ $name }`
error-op-delete-container = 删除容器 `{ $name }`
error-op-read-container-properties = 读取容器 `{ $name }` 的属性
error-op-save-container-metadata = 保存容器 `{ $name }` 的元数据
error-op-change-public-access = 更改容器 `{ $name }` 的公共访问级别
error-op-create-queue = 创建队列 `{ $name }`
error-op-delete-queue = 删除队列 `{ $name }`
error-op-read-queue-properties = 读取队列 `{ $name }` 的属性
error-op-count-queue-messages = 统计队列 `{ $name }` 中的消息数
error-op-save-queue-metadata = 保存队列 `{ $name }` 的元数据
error-op-clear-queue = 清除队列 `{ $name }`
error-op-put-message = 将消息放入 `{ $queue }`
error-op-peek-messages = 查看 `{ $queue }` 中的消息
error-op-dequeue-messages = 从 `{ $queue }` 取出消息
error-op-update-message = 更新 `{ $queue }` 中的消息 { $id }
error-op-return-message = 使 `{ $queue }` 中的消息 { $id } 重新可见
error-op-delete-message = 从 `{ $queue }` 删除消息 { $id }
error-op-create-append-blob = 创建追加 Blob `{ $blob }`
error-op-append-to-blob = 追加到 `{ $blob }`
error-op-create-page-blob = 创建页 Blob `{ $blob }`
error-op-write-pages = 写入 `{ $blob }` 的页
error-op-clear-pages = 清除 `{ $blob }` 的页
error-op-read-page-ranges = 读取 `{ $blob }` 的页范围
error-op-read-access-policies = 读取 `{ $name }` 的访问策略
error-op-save-access-policies = 保存 `{ $name }` 的访问策略
error-op-delete-version = 删除 `{ $blob }` 的版本 { $version_id }
error-op-copy-blob = 将 `{ $source_name }` 复制到 `{ $dst_blob }`
error-op-abort-copy = 中止复制到 `{ $blob }`
error-op-read-tags = 读取 `{ $blob }` 的索引标记
error-op-set-tags = 设置 `{ $blob }` 的索引标记
error-op-undelete-blob = 取消删除 `{ $blob }`
error-op-list-blobs = 列出 `{ $container }` 中的 Blob
error-op-read-blob-properties = 读取 `{ $blob }` 的属性
error-op-save-blob-metadata = 保存 `{ $blob }` 的元数据
error-op-save-blob-http-headers = 保存 `{ $blob }` 的 HTTP 标头
error-op-upload-blob = 上传 `{ $blob }`
error-op-read-blob = 读取 `{ $blob }`
error-op-snapshot-blob = 创建 `{ $blob }` 的快照
error-op-create-table = 创建表 `{ $name }`
error-op-delete-table = 删除表 `{ $name }`
error-op-query-table = 查询 `{ $table }`
error-op-read-entity = 读取实体 ({ $partition_key }, { $row_key })
error-op-delete-entity = 删除实体 ({ $partition_key }, { $row_key })
error-op-upload-block = 上传 `{ $blob }` 的块
error-op-commit-blocks = 提交 `{ $blob }` 的块
error-op-get-user-delegation-key = 获取用户委托密钥
error-op-read-blob-service-properties = 读取 Blob 服务的属性
error-op-read-account-information = 读取帐户信息
error-op-list-tables = 列出表
error-op-read-proxy-settings = 读取代理设置
error-op-read-arm-endpoint = 读取资源管理器终结点
error-op-list-account-keys = 列出帐户的密钥
error-op-list-subscriptions = 列出你的订阅
error-op-list-storage-accounts = 列出存储帐户
error-op-read-sign-in-settings = 读取登录设置
error-op-sign-in-service-principal = 以服务主体身份登录
error-op-sign-in-browser = 使用浏览器登录
error-op-renew-sign-in = 续订登录
error-op-download-to = 将 `{ $blob }` 下载到 `{ $path }`
error-op-download-range = 下载 `{ $blob }` 的字节 { $start }-{ $end }
error-op-upload-from = 将 `{ $path }` 上传到 `{ $blob }`
error-op-compare = 将 `{ $blob }` 与 `{ $path }` 进行比较
error-op-upload-block-number = 上传 `{ $blob }` 的块 { $index }
error-op-set-tier = 将 `{ $blob }` 的访问层设置为 { $tier }
error-op-find-by-tags-in = 在 `{ $container }` 中按索引标记查找 Blob
error-op-find-by-tags-account = 在帐户中按索引标记查找 Blob
error-op-delete-snapshot = 删除 `{ $blob }` 的快照 { $snapshot }
error-op-delete-blob = 删除 `{ $blob }`
error-op-batch = 对 `{ $table }` 的 { $count } 个操作的批处理
error-op-insert-entity = 插入实体 ({ $partition_key }, { $row_key })
error-op-read-queue-service-properties = 读取队列服务的属性
error-op-read-table-service-properties = 读取表服务的属性
error-op-save-blob-service-properties = 保存 Blob 服务的属性
error-op-save-queue-service-properties = 保存队列服务的属性
error-op-save-table-service-properties = 保存表服务的属性
error-op-acquire-lease-container = 获取容器 `{ $name }` 的租用
error-op-acquire-lease-blob = 获取 `{ $blob }` 的租用
error-op-renew-lease-container = 续订容器 `{ $name }` 的租用
error-op-renew-lease-blob = 续订 `{ $blob }` 的租用
error-op-change-lease-container = 更改容器 `{ $name }` 的租用 ID
error-op-change-lease-blob = 更改 `{ $blob }` 的租用 ID
error-op-release-lease-container = 释放容器 `{ $name }` 的租用
error-op-release-lease-blob = 释放 `{ $blob }` 的租用
error-op-break-lease-container = 中断容器 `{ $name }` 的租用
error-op-break-lease-blob = 中断 `{ $blob }` 的租用
error-op-replace-entity = 替换实体 ({ $partition_key }, { $row_key })
error-op-merge-entity = 合并实体 ({ $partition_key }, { $row_key })
error-op-insert-or-replace-entity = 插入或替换实体 ({ $partition_key }, { $row_key })
error-op-insert-or-merge-entity = 插入或合并实体 ({ $partition_key }, { $row_key })
error-op-list-committed-blocks = 列出 `{ $blob }` 的已提交块
error-op-list-uncommitted-blocks = 列出 `{ $blob }` 的未提交块
error-op-list-containers = 列出容器
error-op-list-queues = 列出队列
error-op-list-blobs-in-parts = 分部分列出 Blob
error-op-query-in-ranges = 按范围查询
error-op-list-tenants = 列出你的租户
error-op-set-up-sign-in-client = 设置登录客户端
error-op-set-up-http-client = 设置 HTTP 客户端
error-op-build-request = 生成请求
error-op-create-sas-url = 创建 SAS URL
error-op-azure-cli-token = 从 Azure CLI 获取令牌
error-op-read-account-settings = 读取帐户设置
error-op-create-account-sas = 创建帐户 SAS
error-op-sign-in-device-code = 使用设备代码登录
error-op-reach-blob-service = 访问 Blob 服务
error-op-reach-queue-service = 访问队列服务
error-op-reach-table-service = 访问表服务

## 未得到应答的请求，用网络层的话说 (src/storage/no_answer.rs, transport.rs)

error-transport-unresolvable = 名称 `{ $host }` 不存在（.invalid 下的名称永远无法解析）；请检查终结点
error-transport-setup = 无法为所选代理设置 HTTP 客户端：{ $error }
error-transport-connect-timeout = 无法在 { $seconds } 秒内连接
error-transport-silence = 已超时：{ $seconds } 秒内未发送或接收任何数据
error-transport-timed-out = 已超时（{ $detail }）
error-transport-tls-setup = TLS 设置失败：{ $error }
error-transport-no-host = URL 中没有主机名
error-transport-body-stopped = 响应正文传输中断

## 用户选择信任的证书文件及其问题 (src/storage/transport.rs)

error-certificate-unreadable = 无法读取证书文件 { $path }（{ $error }）。请在帐户设置中重新选择 PEM 文件。
error-certificate-not-pem = 证书文件 { $path } 不是 PEM 证书（{ $error }）。
error-certificate-empty = 证书文件 { $path } 不包含任何证书（PEM 文件以 -----BEGIN CERTIFICATE----- 开头）。
error-certificate-unusable = 无法使用 { $path } 中的证书：{ $error }

## 代理窗口对代理的测试 (src/storage/proxy_trial.rs)

error-op-test-proxy = 测试代理
error-proxy-trial-not-url = `{ $address }` 不是 URL（{ $error }）。
error-proxy-trial-reached = 已访问 { $host }（HTTP { $status }），用时 { $ms } 毫秒。
error-proxy-trial-the-address = 该地址

## 名称旁显示的已删除 Blob 或早期版本 (src/storage/blob/retention.rs)

retention-deleted = 已删除
retention-deleted-days = 已删除，还剩 { $days } 天可恢复
retention-earlier-version = 早期版本 { $version }

## 应用自行创建的帐户名称 (src/app/accounts/profiles.rs)

accounts-emulator-preset = 本地模拟器（Azurite）
accounts-started-emulator = 演示模拟器（由应用的运行命令启动）

## 检查器对管道重试或放弃的请求尝试的说明 (src/storage/pipeline.rs)

pipeline-token-refused-retrying = { $status }：登录令牌被拒绝；正在使用新令牌重试
pipeline-retrying-in = { $what }：{ $ms } 毫秒后重试
pipeline-stopped-because = { $words }；{ $why }
pipeline-not-retried = 未重试：请求可能已到达服务，重复发送不安全
pipeline-gave-up = 尝试 { $attempts } 次后放弃
pipeline-retry-after-too-long = 服务要求等待 { $seconds } 秒；等待时间过长，不再等待

## 无法创建的 HTTP 客户端 (src/storage/http_clients.rs)

error-http-client-build = 无法创建 HTTP 客户端：{ $error }
