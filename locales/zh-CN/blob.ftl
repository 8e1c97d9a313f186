# Blob 窗格：容器、Blob、其详细信息以及窗格的每项功能（简体中文）。

## 详细信息面板

blob-details-loading = 正在加载属性…
blob-details-size = 大小
blob-details-size-value = { $size }（{ $bytes } 字节）
blob-details-none = （无）
blob-details-blob-type = Blob 类型
blob-details-access-tier = 访问层
blob-details-lease-state = 租用状态
blob-details-lease-status = 租用锁定状态
blob-details-lease-duration = 租用期限
blob-details-created = 创建时间
blob-details-copy-status = 复制状态
blob-details-not-a-copy = （无：不是副本）
blob-details-container = 容器 { $container }
blob-details-select = 选择一个 Blob 以查看其属性、租用和快照。

## 元数据和标头表单

blob-details-form-saved = 已保存 `{ $blob }`；其 ETag 现在为 { $etag }
blob-details-form-unsaved = `{ $blob }` 的元数据和标头
blob-details-form-save = 保存属性
blob-details-form-still-loading = `{ $blob }` 的属性仍在加载；请在其显示后再保存。
blob-details-form-save-of = 保存 `{ $blob }` 的属性
blob-details-form-heading = 元数据和 HTTP 标头（保存时使用 If-Match，其值为开始编辑时的 ETag）
blob-details-form-moved = 自你开始编辑后已在服务上更改：现在为 { $now }
blob-details-form-stale = 自你开始编辑后，此 Blob 已在服务上更改（ETag { $version }，现在为 { $now }）：保存将被拒绝。请重新加载并在其版本上重新应用你的更改，或将其覆盖。
blob-details-form-discard = 放弃我的更改
blob-details-form-refused = 在你加载此 Blob 后，其他人更改了它：保存被拒绝 (412)。
blob-details-form-field = 字段
blob-details-form-yours = 你的
blob-details-form-theirs = 对方的（服务上的当前值）
blob-details-form-metadata = 元数据
blob-details-form-reapply = 重新加载并重新应用我的更改
blob-details-form-overwrite = 仍然覆盖（不使用 If-Match）
blob-details-form-discard-mine = 放弃我的版本

## 容器自身的设置

blob-container-edit-unsaved = 容器 `{ $container }` 的设置
blob-container-edit-public = 公共（{ $access } 访问）
blob-container-edit-lease = 容器租用：{ $lease }
blob-container-edit-delete = 删除容器…
blob-container-edit-last-modified = 上次修改时间：{ $time }
blob-container-edit-etag = ETag：{ $etag }
blob-container-edit-delete-title = 删除容器 `{ $container }`？
blob-container-edit-delete-body = 将删除该容器及其中的每个 Blob。已租用的容器需要此应用的租用 ID。
blob-container-edit-delete-yes = 删除 { $container }
blob-container-edit-deleted = 已删除容器 `{ $container }`；请关闭此选项卡。
blob-container-edit-access = 公共访问：
blob-container-edit-set-access = 设置公共访问
blob-container-edit-set-access-hint = 仅当容器自显示后未更改时 (If-Unmodified-Since)，使用此应用的租用
blob-container-edit-access-moved = 自你开始编辑后，公共访问已在服务上更改：现在为 { $now }
blob-container-edit-metadata = 容器元数据：
blob-container-edit-save-metadata = 保存容器元数据
blob-container-edit-save-metadata-hint = Set Container Metadata 不接受 ETag 条件：写入前会再次读取容器，如果其 ETag 不是你开始编辑时的 ETag，则拒绝保存（无法发现在此期间发生的更改）。使用此应用的租用。
blob-container-edit-metadata-moved = 自你开始编辑后，容器的元数据已在服务上更改。
blob-container-edit-reapply = 重新加载并重新应用我对容器的更改
blob-container-edit-stale = 自你开始编辑后，容器已在服务上更改。请先重新加载并重新应用你的更改。
blob-container-edit-access-set = `{ $container }` 的公共访问现在为 { $access }。
blob-container-edit-save-metadata-of = 保存 `{ $container }` 的元数据
blob-container-edit-etag-moved = 容器的 ETag 为 { $etag }，而不是你开始编辑时的 { $version }
blob-container-edit-metadata-saved = 已保存 `{ $container }` 的元数据。

## 追加 Blob 和页 Blob

blob-append-page-tool = 新建 Blob
blob-append-page-tool-hint = 在所示文件夹中新建一个空的追加 Blob 或页 Blob
blob-append-page-appended = 已在偏移量 { $offset } 处向 `{ $blob }` 追加 { $bytes } 字节；现在共有 { $blocks } 个块
blob-append-page-nothing = 没有要追加到 `{ $blob }` 的内容
blob-append-page-clear-title = 清除 `{ $blob }` 中 { $bytes } 字节的页？
blob-append-page-clear-body = `{ $blob }` 的第 { $from } 至 { $to } 字节将读为零且不再保存数据；除非有快照保留，否则其当前内容将丢失。仅当 `{ $blob }` 仍是所示版本时才发送 (If-Match)。
blob-append-page-clear-yes = 清除 { $bytes } 字节
blob-append-page-created-page = 已创建 { $bytes } 字节的页 Blob `{ $blob }`
blob-append-page-created-append = 已创建追加 Blob `{ $blob }`
blob-append-page-append = 追加
blob-append-page-length-loading = Blob 的长度仍在加载：请在其显示后再追加（或取消勾选“仅在所示末尾”）。
blob-append-page-append-job = 将 { $file } 追加到 { $blob }
blob-append-page-append-job-done = 已在偏移量 { $offset } 处向 `{ $blob }` 追加 { $size }；现在共有 { $blocks } 个块
blob-append-page-write = 写入页
blob-append-page-props-loading = Blob 的属性仍在加载：请在其显示后再写入（写入以所示版本为条件）。
blob-append-page-write-job = 将 { $file } 写入 { $blob } 的页
blob-append-page-write-job-done = 已在偏移量 { $offset } 处向 `{ $blob }` 的页写入 { $bytes } 字节
blob-append-page-cleared = 已清除 `{ $blob }` 的第 { $from }–{ $to } 字节；其 ETag 现在为 { $etag }
blob-append-page-clear = 清除页
blob-append-page-new = 新建 Blob：
blob-append-page-name = 名称
blob-append-page-append-blob = 追加 Blob
blob-append-page-page-blob = 页 Blob
blob-append-page-of-bytes = 字节数：
blob-append-page-type-name = 请输入新 Blob 的名称
blob-append-page-not-pages = 页 Blob 的大小必须是 512 字节的倍数；{ $bytes } 不是
blob-append-page-create = 创建 Blob
blob-append-page-text = 要追加的文本：
blob-append-page-at-end = 仅在所示末尾
blob-append-page-at-end-position = 仅在所示末尾（位置 { $position }）
blob-append-page-at-end-hint = x-ms-blob-condition-appendpos：如果此后有人追加过，则被拒绝 (412)
blob-append-page-max-size = 最大大小（0：无限制）：
blob-append-page-append-text = 追加文本
blob-append-page-append-text-hint = 文本会保留在框中，直到追加成功
blob-append-page-unsaved = 输入的待追加文本（{ $bytes } 字节），尚未追加
blob-append-page-rest-kept = 文本框中现在只保留未追加的 { $bytes } 字节：“追加文本”会接着发送它们。
blob-append-page-append-file = 追加文件…
blob-append-page-ranges = 页范围
blob-append-page-reading = 正在读取…
blob-append-page-no-pages = 未写入任何页：全部 { $size } 字节均为零。
blob-append-page-held = { $size } 字节中有 { $held } 字节包含数据：{ $ranges }
blob-append-page-offset = 写入偏移量：
blob-append-page-write-file = 从文件写入页…
blob-append-page-write-file-hint = 先检查整个文件（须为可容纳在 Blob 内的完整 512 字节页），然后逐块写入，且仅写入所示版本 (If-Match)
blob-append-page-offset-aligned = 偏移量须为 512 的倍数
blob-append-page-clear-bytes = 清除字节数：
blob-append-page-clear-pages = 清除页…
blob-append-page-clear-pages-hint = 从上面的偏移量开始：这些页将再次读为零。会先询问，且仅当 Blob 仍是所示版本时执行 (If-Match)
blob-append-page-pick-append = 追加文件
blob-append-page-pick-pages = 写入文件的页

## 复制、剪切、粘贴和重命名

blob-copy-paste-move-job = 将 { $what } 移动到 { $container }/{ $prefix }
blob-copy-paste-copy-job = 将 { $what } 复制到 { $container }/{ $prefix }
blob-copy-paste-rename = 重命名
blob-copy-paste-copy = 复制
blob-copy-paste-cut = 剪切
blob-copy-paste-rename-offer = 重命名…
blob-copy-paste-cut-said = 已剪切 { $what }：请打开要粘贴到的文件夹（任意容器、任意帐户），然后按“粘贴到此处”。
blob-copy-paste-copied-said = 已复制 { $what }：请打开要粘贴到的文件夹（任意容器、任意帐户），然后按“粘贴到此处”。
blob-copy-paste-copy-hint = 所选的 Blob 和文件夹，可粘贴到任意帐户的任意容器 (Ctrl+C)
blob-copy-paste-cut-hint = 由粘贴移动：每个源在复制后删除（如果仍是所复制的版本）(Ctrl+X)
blob-copy-paste-paste-hint = 粘贴到所示文件夹 (Ctrl+V)；如果已存在同名 Blob：{ $choice }
blob-copy-paste-existing = 如果已存在同名 Blob：
blob-copy-paste-options-hint = 粘贴时，如果已存在同名 Blob：{ $choice }
blob-copy-paste-options = 粘贴选项
blob-copy-paste-paste-what = 粘贴到此处：{ $what }
blob-copy-paste-paste = 粘贴到此处
blob-copy-paste-rename-to = 重命名为：
blob-copy-paste-rename-hint = 先复制到新名称（不会覆盖已存在的 Blob），如果此 Blob 未更改，再将其删除

## 删除

blob-delete-delete = 删除…
blob-delete-hint = 所选的 Blob (Delete)
blob-delete-title = 从 `{ $container }` 删除 { $count } 个 Blob？
blob-delete-body = 仅当每个 Blob 自列出后未更改时才删除 (If-Match 其 ETag)；此后已更改的将保留并列出其名称。
blob-delete-yes = 删除 { $count } 个 Blob
blob-delete-with-snapshots = 同时删除其快照
blob-delete-force = 即使自列出后已更改（不使用 If-Match）
blob-delete-if-tags = 仅限标记匹配的：
blob-delete-some-unlisted = 所选 Blob 中有 { $count } 个已不在此处列出：删除只询问其余的。
blob-delete-none-listed = 所选 Blob 已不在此处列出（请刷新，或文件夹已更改）：未删除任何内容。请重新选择。
blob-delete-job = 从 { $container } 删除 { $count } 个 Blob
blob-delete-op = 删除 Blob
blob-delete-deleted = 已删除 { $count } 个 Blob
blob-delete-already-gone = ；{ $count } 个已不存在
blob-delete-untagged = ；保留了 { $count } 个：其标记不匹配（{ $names }）
blob-delete-changed = { $done }；{ $count } 个在列出后已更改，因此保留：{ $names }。请刷新以查看其新版本，然后再次删除（或勾选“即使自列出后已更改”）。

## 文件夹统计 (folder_stats.rs)

blob-folder-stats-no-tier = （无访问层）
blob-folder-stats-type-no-tier = { $kind }（无访问层）
blob-folder-stats-hint-shown = 按访问层统计所显示文件夹（在顶层则为整个容器）中 Blob 的数量和大小
blob-folder-stats-hint-selected = 按访问层统计所选文件夹和 Blob 的数量和大小
blob-folder-stats-title = 统计信息
blob-folder-stats-selected = 所选的 { $count } 项（{ $folders } 个文件夹，{ $blobs } 个 Blob）
blob-folder-stats-whole = 整个 { $container }
blob-folder-stats-of = { $scope } 的统计信息：{ $blobs } 个 Blob，{ $size }
blob-folder-stats-stop = 停止
blob-folder-stats-close = 关闭
blob-folder-stats-tier = { $tier }：{ $count } 个，共 { $size }
blob-folder-stats-by-tier = 按访问层：{ $tiers }
blob-folder-stats-newest = 最近更改：{ $time }（{ $name }）

## 下载文件夹 (folder_download.rs)

blob-folder-download-op-journal = 记录下载日志
blob-folder-download-op-download = 下载
blob-folder-download-skipped = ；跳过 { $count } 个（已存在）
blob-folder-download-earlier = ；{ $count } 个已由之前的运行保存
blob-folder-download-gone = ；{ $count } 个在此期间已从容器中删除
blob-folder-download-beside = ；{ $count } 个保存在下载期间出现的文件旁边（该文件已保留）：{ $files }
blob-folder-download-beside-link = ；{ $count } 个保存在同名链接旁边（不跟随也不替换链接）：{ $files }
blob-folder-download-item-saved = 已保存为 { $file }
blob-folder-download-item-skipped = 已跳过（已存在）
blob-folder-download-item-gone = 在此期间已从容器中删除
blob-folder-download-item-not-done = 未下载：{ $why }
blob-folder-download-summary = 已将 { $saved } 个 Blob 保存到 { $folder }{ $skipped }{ $earlier }{ $gone }{ $beside }
blob-folder-download-not-done = { $count } 个 Blob 中有 { $failed } 个未下载；第一个 `{ $first }`：{ $why }。请移走挡路的内容，或下载到其他文件夹；重试只下载尚未保存的内容。（{ $summary }）

## 按标记查找 (find_tags.rs)

blob-find-tags-empty = 请说明要查找哪些标记，或构建一个条件并添加它。
blob-find-tags-tool = 按标记查找
blob-find-tags-tool-hint = 在此容器或整个存储帐户中查找索引标记满足条件的 Blob
blob-find-tags-label = 按标记查找：
blob-find-tags-tag = 标记：
blob-find-tags-value = 值：
blob-find-tags-add = 添加条件
blob-find-tags-whole-account = 整个存储帐户
blob-find-tags-close = 关闭标记结果
blob-find-tags-in = 在 { $container } 中
blob-find-tags-in-account = 在存储帐户中
blob-find-tags-found = { $place }按标记找到 { $count } 个 Blob：{ $asked }
blob-find-tags-found-asking = { $place }按标记找到 { $count } 个 Blob：{ $asked }（查询中…）
blob-find-tags-more = 按标记查找更多

## 作业中失败的 Blob (actions.rs)

blob-actions-failed = 失败
blob-actions-failures = { $words }；{ $count } 个{ $verb }：{ $names }。{ $why }

## 批量更改 Blob

blob-bulk-edit-set-metadata = 设置元数据对
blob-bulk-edit-remove-metadata = 删除元数据对
blob-bulk-edit-set-tag = 设置索引标记
blob-bulk-edit-remove-tag = 删除索引标记
blob-bulk-edit-set-header = 设置标头
blob-bulk-edit-set-tier = 设置访问层
blob-bulk-edit-delete = 删除它们
blob-bulk-edit-name-metadata = 请输入元数据对的名称。
blob-bulk-edit-name-tag = 请输入标记的名称。
blob-bulk-edit-bad-metadata-name = `{ $name }` 不能用作元数据名称：只能包含字母、数字和 _，且不能以数字开头。
blob-bulk-edit-what = 对 { $count } 个所选 Blob { $change }
blob-bulk-edit-what-folders = 对 { $count } 个所选 Blob 以及 { $folders } 下的每个 Blob { $change }
blob-bulk-edit-title = { $what }（位于 { $container }）
blob-bulk-edit-selected = 已选择 { $count } 个 Blob
blob-bulk-edit-selected-folders = 已选择 { $count } 个 Blob，以及 { $folders } 下的每个 Blob（作业进行时逐页列出）
blob-bulk-edit-what-to-change = 要更改的内容
blob-bulk-edit-tag-name = 标记名称
blob-bulk-edit-metadata-name = 元数据名称
blob-bulk-edit-value = 要设置的值
blob-bulk-edit-header = 标头
blob-bulk-edit-new-tier = 新访问层 { $tier }
blob-bulk-edit-tier-explain = 服务不接受访问层更改的条件：无论当前为何值，都会设置每个 Blob 的访问层。Archive 会使 Blob 在解除冻结前不可读，解除冻结需要数小时。
blob-bulk-edit-delete-explain = 每个 Blob 连同其快照一起删除，且仅当其 ETag 仍是刚刚读取的 ETag 时才删除。
blob-bulk-edit-tag-explain = 读取每个 Blob 的标记，并仅在标记仍为所读取的值时写入（x-ms-if-tags）。
blob-bulk-edit-explain = 读取每个 Blob，并仅当其 ETag 仍是所读取的 ETag 时写入（If-Match）。
blob-bulk-edit-at-once = 每次处理八个 Blob；取消会保留已完成的部分，“继续”会从该处接着进行。
blob-bulk-edit-unsaved = 尚未运行的批量 Blob 更改
blob-bulk-edit-offer = 更改所选的 { $count } 项…
blob-bulk-edit-delete-yes = 删除 { $count } 个 Blob 及其快照
blob-bulk-edit-delete-all-yes = 删除所列的每个 Blob 及其快照
blob-bulk-edit-change-yes = 更改所选的 { $count } 项
blob-bulk-edit-window = 批量更改 `{ $container }` 中的 Blob
blob-bulk-job-set-metadata = 设置元数据 { $name }
blob-bulk-job-remove-metadata = 删除元数据 { $name }
blob-bulk-job-set-header = 设置 { $header }
blob-bulk-job-set-tag = 设置标记 { $name }
blob-bulk-job-remove-tag = 删除标记 { $name }
blob-bulk-job-set-tier = 将访问层设置为 { $tier }
blob-bulk-job-delete = 删除（连同其快照）
blob-bulk-job-blobs = Blob
blob-bulk-job-deleted = 已删除
blob-bulk-job-changed = 已更改
blob-bulk-job-changed-why = 在读取和写入之间已被更改
blob-bulk-job-unchanged = 已符合要求
blob-bulk-job-op = 更改 `{ $container }` 中的 Blob
blob-bulk-job-set-tags-of = 设置 `{ $blob }` 的标记

## 下载 (downloads.rs)

blob-downloads-title = 下载 { $name }
blob-downloads-skipped = 已将 0 个 Blob 保存到 { $folder }；跳过 1 个（已存在）
blob-downloads-saved = 已将 1 个 Blob 保存到 { $folder }；{ $said }{ $link }
blob-downloads-beside-link = ；{ $link } 处是一个链接：不跟随也不替换它，因此 Blob 已保存在它旁边
blob-downloads-not-done = 未下载该 Blob：{ $why }。请移走挡路的内容，或下载到其他文件夹。
blob-downloads-exists-title = 已存在同名文件
blob-downloads-exists = `{ $file }` 已存在。
blob-downloads-for-all = 对所有 { $count } 个已存在的文件执行此操作
blob-downloads-replace = 替换
blob-downloads-keep-both = 保留两者
blob-downloads-keep-both-hint = 下载的文件将使用旁边一个未被占用的名称
blob-downloads-skip = 跳过
blob-downloads-cancel = 取消下载

## 比较文件夹 (compare_view.rs)

blob-compare-view-title = 比较文件夹
blob-compare-view-left = 左侧：{ $place }
blob-compare-view-right = 右侧：{ $place }
blob-compare-view-counts = 仅在左侧：{ $left } · 仅在右侧：{ $right } · 不同：{ $different } · 相同：{ $same } · 大小相同但未检查：{ $unchecked }
blob-compare-view-counts-hint = 按名称、大小和 MD5 比较；“未检查”：其中一侧没有可用于比较内容的 MD5
blob-compare-view-comparing = 正在比较…（同时按名称顺序读取两侧的列表）
blob-compare-view-same = 两个文件夹包含相同的名称，大小和 MD5 也相同。
blob-compare-view-passed = 本地文件夹中有 { $count } 个链接或特殊文件被跳过，未读取（计划中会列出）。
blob-compare-view-unread = 本地文件夹中有 { $count } 项无法读取，第一项 `{ $name }`：{ $why }。此次比较之后的同步不会删除任何内容。
blob-compare-view-follow-links = 跟随指向文件夹内文件的链接
blob-compare-view-follow-links-hint = 关闭：每个链接都被跳过并在计划中列出，与 rclone 不加 --copy-links 时相同。开启：指向本地文件夹内某个文件的链接按该文件读取；指向文件夹或文件夹之外的链接仍被跳过。无论哪种方式，都不会读取、写入或删除文件夹之外的任何内容。
blob-compare-view-first = 仅列出并复制前 { $count } 个差异。
blob-compare-view-show = 显示：
blob-compare-view-all = 所有差异
blob-compare-view-only-left = 仅在左侧
blob-compare-view-only-right = 仅在右侧
blob-compare-view-different = 不同
blob-compare-view-unchecked = 未检查
blob-compare-view-copy-json = 将差异复制为 JSON 行
blob-compare-view-sync = { $way ->
        [right] 从左到右
       *[left] 从右到左
    }{ $verb ->
        [copy] 复制
        [upload] 上传
       *[download] 下载
    }（{ $count }）
blob-compare-view-sync-hint = 先显示计划：写入目标中缺少或不同的项；仅在目标中存在的项只有在勾选后才会删除
blob-compare-view-again = 重新比较
blob-compare-view-dry-run = 在选择方向并确认计划之前不会写入任何内容：此比较即为试运行。
blob-compare-view-sync-title = 将 { $from } 同步到 { $to }
blob-compare-view-plan = 写入 { $count } 项：{ $new } 项新建，{ $replacing } 项替换不同的内容（{ $names }）。新项仅在仍不存在时写入，不同的项仅在比较后未更改时写入。
blob-compare-view-nothing-extra = 没有仅在目标中存在的项：无需删除。
blob-compare-view-delete-too = 同时删除仅在 { $place } 中的 { $count } 项
blob-compare-view-deleted = 将删除（{ $names }），每项仅在比较后未更改时删除。此操作无法撤消。
blob-compare-view-kept = 将保留（{ $names }）。
blob-compare-view-write = 写入
blob-compare-view-cancel = 取消
blob-compare-view-write-job = 将差异写入 { $place }
blob-compare-view-job = 比较 { $left } 与 { $right }
blob-compare-view-summary = 仅在左侧 { $left }，仅在右侧 { $right }，不同 { $different }，相同 { $same }，未检查 { $unchecked }
blob-compare-view-place = { $container }（{ $account }）
blob-compare-view-place-in = { $container }（{ $account }）中的 { $folder }
blob-compare-view-local = { $path }（本地）
blob-compare-view-tool = 比较
blob-compare-view-tool-hint = 将此文件夹与另一个文件夹或本地文件夹进行比较
blob-compare-view-pick = 选择此文件夹进行比较
blob-compare-view-pick-hint = 然后在任意存储帐户的容器选项卡中，将其文件夹与此文件夹进行比较
blob-compare-view-with-picked = 与所选文件夹比较（{ $place }）
blob-compare-view-local-sync = 与本地文件夹比较或同步…
blob-compare-view-local-sync-hint = 本地文件夹在左侧，此文件夹在右侧；上传不同的内容

## 同步计划 (sync_plan.rs)

blob-sync-plan-unchecked = 有 { $count } 项大小相同但没有可比较的哈希（一侧没有 MD5），无法判断是否不同：保持原样（{ $names }）。
blob-sync-plan-write-unchecked = 这 { $count } 项也写入：用源的副本替换目标的副本
blob-sync-plan-keep-properties = 保留每个被替换 Blob 的元数据和标头
blob-sync-plan-keep-properties-hint = Content-Type、Content-Encoding、Content-Language、Content-Disposition、Cache-Control 和元数据保持 Blob 原有的值；取消勾选则发送按名称猜测的类型且不带元数据
blob-sync-plan-passed = 已跳过，未读取（{ $count }）：{ $names }。
blob-sync-plan-in-the-way = 未处理，因为路径上有链接、被跳过的条目或未能读取的文件夹（{ $count }）：{ $names }。
blob-sync-plan-unread = 无法读取 { $count } 项：{ $names }。
blob-sync-plan-no-deletes = 由于存在读取错误，不删除任何内容：无法读取的部分看起来会是空的，其中的内容会被从 { $place } 删除。仅在那里存在的 { $count } 项将保留。
blob-sync-plan-many-title = 删除 { $place } 中 { $held } 项里的 { $count } 项？
blob-sync-plan-many-why = 这超过了那里内容的十分之一（或超过 100 项）。目前尚未写入或删除任何内容：请确认这些正是您要的文件夹。
blob-sync-plan-many-yes = 删除 { $count } 项
blob-sync-plan-many-back = 返回计划

## 作为作业一侧的本地文件夹 (local_files.rs)

blob-local-passed-link = 链接，未跟随
blob-local-passed-link-away = 指向文件夹或文件夹之外的链接
blob-local-passed-special = 既不是文件也不是文件夹
blob-local-not-unicode = 其名称不是 Unicode 文本，没有 Blob 名称可以表示它
blob-local-kept-changed = 比较后本地文件已更改
blob-local-kept-appeared = 比较后那里出现了内容
blob-local-kept-gone = 比较后本地文件已不存在
blob-local-kept-link = 路径上有链接（{ $path }）：不会通过链接写入或删除任何内容
blob-local-kept-not-a-folder = { $path } 不是文件夹

## 写入比较的差异 (compare_copy.rs)

blob-compare-copy-op-sync = 同步
blob-compare-copy-op-copy = 复制差异
blob-compare-copy-op-upload = 上传
blob-compare-copy-two-local = 此处不同步两个本地文件夹：其中一侧必须是容器的文件夹。
blob-compare-copy-two-local-short = 此处不同步两个本地文件夹。
blob-compare-copy-no-file = 没有文件
blob-compare-copy-writing = 正在写入
blob-compare-copy-deleting = 正在删除
blob-compare-copy-written = 已写入
blob-compare-copy-already-same = 已相同
blob-compare-copy-deleted = 已删除
blob-compare-copy-already-gone = 已不存在
blob-compare-copy-kept = 保持原样：{ $why }
blob-compare-copy-failed = 失败
blob-compare-copy-failed-why = 失败：{ $why }
blob-compare-copy-wrote-files = 已写入 { $count } 个文件
blob-compare-copy-wrote-blobs = 已写入 { $count } 个 Blob
blob-compare-copy-also-deleted = ，已删除 { $count } 个
blob-compare-copy-also-same = ；{ $count } 个已相同（之前的尝试已写入）
blob-compare-copy-also-gone = ；{ $count } 个已不存在
blob-compare-copy-also-kept = ；{ $count } 个保持原样：{ $names }
blob-sync-refused-changed = 比较后已更改（{ $code }）
blob-sync-refused-appeared = 比较后已出现（{ $code }）
blob-sync-refused-gone = 比较后已不存在（{ $code }）
blob-sync-refused-snapshots = 它有快照，同步从不删除快照（{ $code }）
blob-sync-refused-immutable = 不可变：策略或法定保留禁止此操作（{ $code }）
blob-sync-refused-archived = 已存档：必须先解除冻结（{ $code }）
blob-sync-refused-copy-pending = 仍有复制正在写入它（{ $code }）
blob-sync-refused-leased = 已租用：没有租用 ID 服务会拒绝（{ $code }）

## 已删除的 Blob (deleted.rs)

blob-deleted-undeleted = 已恢复删除的 `{ $blob }`
blob-deleted-show = 显示已删除的 Blob（保留 { $days } 天）
blob-deleted-undelete = 恢复删除 { $blob }
blob-deleted-undelete-hint = 恢复删除不接受任何条件：它会恢复此 Blob 已删除的数据及其已删除的快照，无论此后该名称发生了什么

## 比较两个文件夹 (compare.rs)

blob-compare-only-left = 仅在左侧（{ $bytes } 字节）
blob-compare-only-right = 仅在右侧（{ $bytes } 字节）
blob-compare-sizes-differ = 大小不同：{ $left } 字节和 { $right } 字节
blob-compare-md5-differs = 大小相同，MD5 不同
blob-compare-no-md5 = 大小相同；其中一侧没有可用于检查内容的 MD5
blob-compare-op-compare = 比较
blob-compare-op-folders = 比较文件夹
blob-compare-op-local = 与本地文件夹比较
blob-compare-walk-failed = 遍历失败
blob-compare-out-of-order = { $place } 的名称顺序错乱（{ $name } 在 { $last } 之后），因此无法合并
blob-compare-not-a-folder = { $path } 不是可读取的文件夹。
