# Blob 窗格的功能：租用、快照、版本、层、标记、传输、搜索、监视（简体中文）。

## 容器选项卡（view.rs）

blob-view-refresh = 刷新
blob-view-refresh-hint = F5 或 Ctrl+R
blob-view-more = 更多
blob-view-more-hint = 视图选项和不常用的操作
blob-view-show-snapshots = 显示快照
blob-view-show-snapshots-hint = 在每个 Blob 下列出其快照；单击可打开该 Blob 的详细信息
blob-view-tags-column = 标记列
blob-view-tags-column-hint = 列出每个 Blob 的索引标记（SAS 需要 Tags 权限）
blob-view-flat = 平面列表（无文件夹）
blob-view-loaded = 已加载 { $blobs } 个 Blob 和 { $folders } 个文件夹
blob-view-loaded-more = 已加载 { $blobs } 个 Blob 和 { $folders } 个文件夹 · 还有更多
blob-view-load-more = 加载更多
blob-view-stop-loading = 停止加载
blob-view-load-all = 全部加载
blob-view-load-all-hint = 逐页加载直到末尾；“停止”会保留已收到的内容
blob-view-matches = { $count } 个名称以 `{ $start }` 开头
blob-view-search-service = 在服务中搜索
blob-view-search-service-hint = 仅从服务列出以 `{ $start }` 开头的名称：已加载的页面可能不包含全部名称
blob-view-searched = 已从服务列出：以 `{ $start }` 开头的名称
blob-view-whole-folder = 整个文件夹
blob-view-no-match = 没有已加载的名称以 `{ $start }` 开头。
blob-view-no-match-more = 没有已加载的名称以 `{ $start }` 开头。还有未加载的页面：“在服务中搜索”会从服务列出这些名称。
blob-view-col-name = 名称
blob-view-col-tags = 标记
blob-view-folder-row = { $name }（文件夹）
blob-view-open-folder = 打开文件夹

## 列表的行以及监视发现的更改（rows.rs）

blob-rows-col-lease = 租用
blob-rows-col-etag = ETag
blob-rows-col-size = 大小
blob-rows-col-last-modified = 上次修改时间
blob-rows-col-content-type = 内容类型
blob-rows-col-tier = 访问层
blob-rows-appeared = { $name }：已出现，{ $size }，ETag { $etag }
blob-rows-changed-cell = { $column } { $was } -> { $now }
blob-rows-vanished = { $name }：已消失（已删除或已重命名）
blob-rows-tier-default = { $tier }（默认）
blob-rows-tier-none = 无（{ $kind }：只有块 Blob 才有访问层）
blob-rows-tier-inferred = { $tier }（帐户默认值）
blob-rows-tier-priority = { $text }，优先级为 { $priority }
blob-rows-tier-set = { $text }；设置于 { $time }

## 路径栏和搜索框（path_bar.rs）

blob-path-bar-back = 后退
blob-path-bar-up = 向上
blob-path-bar-up-hint = Backspace
blob-path-bar-open = 打开 { $path }
blob-path-bar-box-finds = 搜索框查找的名称
blob-path-bar-starting = 以此开头（先在已加载的页面中，然后在服务中）
blob-path-bar-containing-any-case = 包含此文本，不区分大小写（Enter：搜索所有页面）
blob-path-bar-containing-exact-case = 包含此文本，区分大小写（Enter：搜索所有页面）
blob-path-bar-matching-regex = 匹配正则表达式（Enter：搜索所有页面）
blob-path-bar-search-options = 搜索选项
blob-path-bar-starting-hint = 名称开头为…（Ctrl+F）
blob-path-bar-starting-name = 名称开头为：
blob-path-bar-matching-name = 名称匹配：
blob-path-bar-matching-hint = 名称匹配正则表达式…（Enter）
blob-path-bar-containing-name = 名称包含：
blob-path-bar-containing-hint = 名称包含…（Enter）

## 租用（leases.rs、lease_history.rs）

blob-leases-now = 当前租用：
blob-leases-id-none = 无
blob-leases-app-id = 此应用的租用 ID：{ $id }
blob-leases-container = 容器 `{ $container }`
blob-leases-acquired = 已租用 { $what }：租用 ID { $id }
blob-leases-op-use = 使用租用
blob-leases-none-held = 此应用未持有它的租用，因此没有可用的租用 ID。请获取租用，或中断他人的租用。
blob-leases-renewed = 已续订 { $what } 的租用
blob-leases-changed = { $what } 的租用 ID 现在是 { $id }
blob-leases-released = 已释放 { $what } 的租用
blob-leases-breaking = 正在中断 { $what } 的租用：将在 { $seconds } 秒后中断
blob-leases-on-blob = 此 Blob 的租用
blob-leases-on-container = 容器的租用
blob-leases-duration = 持续时间：
blob-leases-seconds = { $seconds } 秒租用
blob-leases-infinite = 无限期租用
blob-leases-proposed = 建议的 ID：
blob-leases-proposed-hint = 可选 GUID
blob-leases-acquire = 获取租用
blob-leases-renew = 续订租用
blob-leases-change = 更改租用 ID
blob-leases-release = 释放租用
blob-leases-break-period = 中断期：
blob-leases-break-seconds = { $seconds } 秒后中断
blob-leases-break = 中断租用
blob-lease-history-title = 租用时间线

## 快照（snapshots.rs、snapshot_rows.rs）

blob-snapshots-now = 立即创建快照
blob-snapshots-now-hint = 针对显示的版本（If-Match 其 ETag）
blob-snapshots-title = 快照
blob-snapshots-none = 没有快照。
blob-snapshots-unlisted = 无法列出快照：{ $error }
blob-snapshots-view = 查看
blob-snapshots-promote = 提升
blob-snapshots-delete = 删除
blob-snapshots-delete-title = 删除 `{ $name }` 的快照 { $snapshot }？
blob-snapshots-delete-body = 只删除此快照；Blob 保留。不发送任何条件：快照永不更改，因此不存在会丢失的更新版本。
blob-snapshots-delete-yes = 删除快照
blob-snapshots-promote-title = 提升 `{ $name }` 的快照 { $snapshot }？
blob-snapshots-promote-body = `{ $name }` 将变为快照中的内容（内容、属性、元数据）。除非有快照保留，否则它现在的内容将丢失。仅当 `{ $name }` 仍是显示的版本时才发送（If-Match）。
blob-snapshots-save-as = 将快照另存为
blob-snapshots-op-snapshot = 快照
blob-snapshots-loading = `{ $name }` 的属性仍在加载；请在显示其 ETag 后再创建快照。
blob-snapshots-taken = 已于 { $time } 创建 `{ $name }` 的快照
blob-snapshots-op-promote = 提升快照
blob-snapshots-promote-loading = `{ $name }` 的属性仍在加载；请在显示其 ETag 后再提升。
blob-snapshots-promoted = 已将快照 { $snapshot } 提升为 `{ $name }`
blob-snapshots-deleted = 已删除 `{ $name }` 的快照 { $snapshot }
blob-snapshots-download-title = 下载 { $name } 的快照 { $snapshot }
blob-snapshots-saved-as = 已另存为 { $file }
blob-snapshot-rows-name = { $name } 的快照 { $time }
blob-snapshot-rows-shown = 快照 { $time }
blob-snapshot-rows-save = 保存 { $name } 的快照 { $time }
blob-snapshot-rows-save-hint = 到文件
blob-snapshot-rows-copy = 复制 { $name } 的快照 { $time }
blob-snapshot-rows-copy-hint = 以便作为同名 Blob 粘贴到任意帐户的任意容器中
blob-snapshot-rows-promote = 提升 { $name } 的快照 { $time }
blob-snapshot-rows-promote-hint = 复制到其 Blob 之上（先询问；仅当 Blob 仍是列出的版本时）

## 访问层（tiers.rs）

blob-tiers-outcome = 已对 { $count } 个 Blob 设置 { $tier }
blob-tiers-outcome-rehydrating = ；{ $count } 个正在离开 Archive（解除冻结中：服务将其恢复后即可读取）
blob-tiers-not-changed = 无法更改
blob-tiers-archive-title = 存档 { $count } 个 Blob？
blob-tiers-archive-body = 存档的 Blob 在解除冻结到其他访问层之前无法读取或预览，服务可能需要数小时才能完成（并且 Azure 会对提前删除或移动收费）。
blob-tiers-archive-yes = 存档 { $count } 个 Blob
blob-tiers-job-title = 对 { $container } 中的 { $count } 个 Blob 设置 { $tier }
blob-tiers-op-set-tier = 设置访问层
blob-tiers-none = 无
blob-tiers-op-set-tier-of = 设置 `{ $name }` 的访问层
blob-tiers-changed-since = 自列出以来其访问层已更改：当时为 { $then }，现在为 { $now }
blob-tiers-tier-to-set = 要设置的访问层：
blob-tiers-rehydrate-priority = 解除冻结优先级：
blob-tiers-set-one = 设置访问层 { $tier }
blob-tiers-set-many = 对 { $count } 个所选 Blob 设置访问层 { $tier }
blob-tiers-set-hint = Set Blob Tier 除租用外不接受任何条件：每个 Blob 的访问层会在写入前重新读取，自列出以来访问层已更改的 Blob 将保持原样并在结果中列出

## 索引标记（tags_edit.rs）

blob-tags-edit-read-failed = 无法读取标记：{ $why }
blob-tags-edit-changed-under = 未保存：自你读取后有人更改了标记（当前：{ $now }）。“重新加载并重新应用”会将你的更改应用到他们的标记上；“仍然覆盖”会替换他们的标记。
blob-tags-edit-not-saved = 未保存标记：{ $why }
blob-tags-edit-unsaved = `{ $name }` 的标记
blob-tags-edit-none = 无
blob-tags-edit-reading = 索引标记：正在读取…
blob-tags-edit-title = 索引标记（{ $count }/{ $max }）
blob-tags-edit-key = 键 { $n }：
blob-tags-edit-value = 值 { $n }：
blob-tags-edit-remove = 删除标记 { $n }
blob-tags-edit-guard-none = 对于没有标记的 Blob，服务不提供任何条件：会在写入前重新读取标记，如果此后有人设置了标记，则拒绝保存
blob-tags-edit-guard = 仅当标记仍是你开始编辑时的标记时（重新读取，并使用 x-ms-if-tags）
blob-tags-edit-add = 添加标记
blob-tags-edit-saving = 正在保存标记…
blob-tags-edit-save = 保存标记
blob-tags-edit-stale = 自你读取后已在服务上更改（当前：{ $now }）
blob-tags-edit-reapply = 重新加载并重新应用我的标记
blob-tags-edit-overwrite = 仍然覆盖标记
blob-tags-edit-discard = 放弃我的标记

## 上传和下载（transfers.rs）

blob-transfers-mode-overwrite = 覆盖
blob-transfers-mode-only-if-new = 仅当不存在时
blob-transfers-mode-only-if-unchanged = 仅当自我查看后未更改时
blob-transfers-download-into = 下载到
blob-transfers-upload-hint = 上传到显示的文件夹；{ $mode }（更多 > 上传）
blob-transfers-upload-files = 上传文件…
blob-transfers-upload-files-title = 上传文件
blob-transfers-upload-folder = 上传文件夹…
blob-transfers-upload-folder-title = 上传文件夹
blob-transfers-download = 下载…
blob-transfers-download-hint = 所选的 Blob 和文件夹
blob-transfers-uploads = 上传
blob-transfers-download-blob = 下载此 Blob…
blob-transfers-upload-title = 上传 { $name }
blob-transfers-upload-folder-job = 上传文件夹 { $folder }
blob-transfers-op-journal = 将上传记入日志
blob-transfers-reading-folder = 正在读取文件夹…
blob-transfers-walk-stopped = 文件夹遍历已停止：{ $why }
blob-transfers-not-read = 无法读取：{ $why }
blob-transfers-item-uploaded = 已上传
blob-transfers-item-not-uploaded = 未上传：{ $why }
blob-transfers-item-passed = 已跳过，未读取：{ $why }
blob-transfers-file-of = 第 { $n } 个文件，共 { $count } 个：{ $name }
blob-transfers-links-skipped = ；跳过了 { $count } 个链接或特殊文件，未跟随
blob-transfers-uploaded = 已上传 { $count } 个文件，{ $size }{ $links }
blob-transfers-not-uploaded = { $count } 个文件中有 { $failed } 个未上传；第一个 `{ $first }`：{ $why } “重试”只会发送未上传的文件。
blob-transfers-op-download = 下载
blob-transfers-name-outside = Blob 名称 `{ $name }` 会保存到所选文件夹之外（其中包含 `{ $part }`）；已跳过。
blob-transfers-name-no-file = Blob 名称 `{ $name }` 无法构成文件名。

## 版本（versions.rs）

blob-versions-promoted = 已将版本 { $version } 提升为 `{ $name }`
blob-versions-deleted = 已删除 `{ $name }` 的版本 { $version }
blob-versions-title = 版本
blob-versions-this = 这是版本 { $version }。
blob-versions-list = 列出版本
blob-versions-current = 当前
blob-versions-promote-id = 提升版本 { $version }
blob-versions-delete-id = 删除版本 { $version }
blob-versions-delete-hint = 无条件：版本永不更改，并按其 ID 指定
blob-versions-promote-title = 提升 `{ $name }` 的版本 { $version }？
blob-versions-promote-body = `{ $name }` 将变为该版本中的内容；它现在的内容会保留为一个单独的版本。仅当 `{ $name }` 仍是显示的版本时才发送（If-Match）。
blob-versions-promote = 提升版本
blob-versions-delete-title = 删除 `{ $name }` 的版本 { $version }？
blob-versions-delete-body = 只删除此早期版本；Blob 及其其他版本保留。版本永不更改，因此不发送任何条件。
blob-versions-delete = 删除版本

## 预览（preview.rs）

blob-preview-button = 预览
blob-preview-loading = 正在加载 { $name } 的预览…
blob-preview-text = { $name } 的预览（文本，前 64 KiB）
blob-preview-text-name = 预览文本
blob-preview-hex = { $name } 的预览（十六进制，前若干字节）
blob-preview-image = { $name } 的预览（图像）
blob-preview-failed = 无法预览 { $name }：{ $why }

## 监视（watch_view.rs）

blob-watch-view-tool = 监视
blob-watch-view-tool-hint = 反复读取列表，并标记其他人所做的更改

blob-watch-view-what = 已加载的 Blob 列表（逐页）
blob-watch-view-rows = Blob
blob-watch-view-list-at = 在列表上方
blob-watch-view-changes-seen = 发现的更改
blob-watch-view-new = 自上次查看以来新增
blob-watch-view-vanished = 已消失：已删除或已重命名（“关闭已消失的项”会将其移除）
blob-watch-view-changed = 自上次查看以来已更改：着色的单元格显示其原来的值
blob-watch-view-changed-cell = 已更改：{ $column } 原为 { $was }

## 在名称中查找（name_search.rs）

blob-name-search-tool = 在名称中查找
blob-name-search-tool-hint = 名称中任意位置的文本（不区分大小写、区分大小写或正则表达式），搜索所有页面

blob-name-search-any-case = 包含（不区分大小写）
blob-name-search-exact-case = 包含（区分大小写）
blob-name-search-regex = 正则表达式
blob-name-search-empty = 请输入名称应包含的内容。
blob-name-search-bad-regex = `{ $text }` 不是此搜索能理解的正则表达式：{ $why }
blob-name-search-whole-of = 整个 { $container }
blob-name-search-what-any-case = { $place } 中包含（不区分大小写）`{ $text }` 的名称
blob-name-search-what-exact-case = { $place } 中包含（区分大小写）`{ $text }` 的名称
blob-name-search-what-regex = { $place } 中匹配正则表达式 `{ $text }` 的名称
blob-name-search-label = 在名称中查找：
blob-name-search-hint = 名称中的任意位置
blob-name-search-whole = 整个容器
blob-name-search-whole-not-only = 整个容器（不仅是 `{ $prefix }`）
blob-name-search-stop = 停止查找
blob-name-search-find = 查找
blob-name-search-find-hint = 列出范围内的所有名称，并在结果到达时显示匹配的名称
blob-name-search-back = 返回文件夹
blob-name-search-matches = { $count } 个匹配项：{ $what }

## 遍历容器列表（walk.rs）

blob-walk-listing = 正在列出…
blob-walk-failed = 失败（见下文）
blob-walk-stopped = 已停止：其余部分未查看
blob-walk-done = 完成
blob-walk-progress = 已列出 { $count } 个名称，每秒 { $rate } 个；{ $state }

## SAS URL（sas.rs）

blob-sas-copied-delegation = 已将用户委托 SAS URL 复制到剪贴板（这是机密信息：请谨慎共享）。
blob-sas-copied = 已将 SAS URL 复制到剪贴板（这是机密信息：请谨慎共享）。
blob-sas-op-create = 创建 SAS URL
blob-sas-title = SAS URL
blob-sas-read = 读取
blob-sas-add = 添加
blob-sas-create = 创建
blob-sas-write = 写入
blob-sas-delete = 删除
blob-sas-list = 列出
blob-sas-copy-delegation = 复制用户委托 SAS URL
blob-sas-copy = 复制 SAS URL

## 记入日志的上传和下载（resumable.rs）

blob-resumable-op-journal = 将传输记入日志
blob-resumable-beside = ；下载期间 { $file } 处出现了一个文件，因此保留了该文件，并将下载内容保存在其旁边
blob-resumable-op-start = 开始传输
blob-resumable-op-resume-upload = 恢复上传
blob-resumable-file-changed = 自上传开始以来 { $file } 已更改（或已不存在），因此未恢复上传：已发送的块属于旧内容。请重新上传该文件以发送其当前内容。
blob-resumable-already-holds = `{ $name }` 已包含此文件（其上传在应用结束前已提交）
blob-resumable-staged = （{ $size } 已暂存，未再次发送）
blob-resumable-uploaded = 已上传为 `{ $name }`，ETag { $etag }{ $again }
blob-resumable-op-resume = 恢复
blob-resumable-folder-own-job = 文件夹传输作为其自己的作业恢复（blob::transfers、blob::folder_download）
blob-resumable-on-disk = （{ $size } 已在磁盘上，未再次请求）
blob-resumable-saved = 已另存为 { $file }{ $how }{ $beside }

## 粘贴作业（paste_job.rs）

blob-paste-job-skip = 跳过
blob-paste-job-keep-both = 保留两者
blob-paste-job-replace = 替换
blob-paste-job-copied-to = 已复制到 { $to }
blob-paste-job-skipped = 已跳过（已存在）
blob-paste-job-source-kept = 已复制；源已保留：{ $why }
blob-paste-job-kept-with-snapshots = 已复制到 { $to }；源及其快照保留在原名称下
blob-paste-job-failed = 失败：{ $why }
blob-paste-job-rename-title = 将 { $name } 重命名为 { $to }
blob-paste-job-renamed = 已将 { $name } 重命名为 { $to }
blob-paste-job-renamed-kept = 已将 { $name } 复制到 { $to }；{ $name } 及其快照保留在原名称下
blob-paste-job-op-rename = 重命名
blob-paste-job-rename-exists = 名为 { $to } 的 Blob 已存在：未重命名任何内容。
blob-paste-job-rename-kept = 已复制到 { $to }，但 { $why }
blob-paste-job-listing = 正在列出 { $name }
blob-paste-job-copying = 正在复制
blob-paste-job-op-paste = 粘贴
blob-paste-job-moved-count = 已移动 { $count } 个 Blob
blob-paste-job-copied-count = 已复制 { $count } 个 Blob
blob-paste-job-skipped-count = ；跳过 { $count } 个（已存在）
blob-paste-job-with-snapshots-count = ；{ $count } 个源及其快照保留在原名称下
blob-paste-job-kept-count = ；保留了 { $count } 个源：{ $why }
blob-paste-job-failed-verb = 失败
blob-paste-job-source-changed = { $name } 在移动读取后已更改，因此未复制任何内容，也未删除它：{ $why }
blob-paste-job-changed-after = { $name } 在复制后已更改
blob-paste-job-not-deleted = 无法删除 { $name }：{ $why }
blob-paste-job-waiting = 正在等待服务复制 { $target }
blob-paste-job-pending = 挂起：服务正在将其复制到 { $target }
blob-paste-job-copy-ended = 服务复制到 { $target } 的操作以 { $status } 结束。

## 移动之前（move_check.rs）

blob-move-check-snapshots = { $count } 个快照（{ $times }）
blob-move-check-tags = 索引标记 { $tags }
blob-move-check-looking = 正在查找移动不会携带的快照和标记…
blob-move-check-op-look = 检查要移动的 Blob（未移动任何内容）
blob-move-check-more = …以及另外 { $count } 个
blob-move-check-body = 复制会携带内容、属性和元数据，但不携带快照、索引标记或版本。移动从不删除快照：具有快照的 Blob 会被复制到新名称，并与快照一起保留在旧名称下。索引标记（以及帐户保留的版本）不会被携带：移动后的 Blob 没有这些内容。
blob-move-check-title = 移动 { $count } 个包含复制不会携带的内容的 Blob？
blob-move-check-yes = 移动，并将快照保留在旧名称下
blob-move-check-nothing-moved = 未移动任何内容。

## Sorting the list by a column (src/app/blob/sort.rs)
blob-sort-hint = 按此列排序；再次单击按降序排序，第三次恢复按名称排序
blob-sort-running = 正在按“{ $column }”对 { $count } 个 Blob 排序… { $percent }%
blob-sort-cancel = 取消排序
blob-sort-waits = “全部加载”完成后将按“{ $column }”排序
blob-name-search-in-loaded = { $what }，在已加载的 { $count } 个 Blob 中查找（不发送请求）

## Load all's pause before half of the computer's memory (src/app/blob/memory_guard.rs)
blob-memory-stopped = “全部加载”已在 { $blobs } 个 Blob 处暂停：它们占用 { $held }，超过了本机一半的内存（{ $limit }）。每再加载一百万个 Blob 约需 { $per_million }。
blob-memory-go-on = 继续加载
blob-memory-keep = 保留已加载的内容
