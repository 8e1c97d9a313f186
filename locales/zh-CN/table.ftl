# 表窗格：网格、查询、实体编辑器以及窗格的每项功能（简体中文）。

## 实体编辑器

table-editor-insert = 插入实体
table-editor-save = 保存实体
table-editor-saved-earlier = 已保存按下“保存”时表单中的内容。之后的更改在下方，尚未保存。
table-editor-new-entity = 新实体
table-editor-entity = 实体（{ $pk }, { $rk }）
table-editor-confirm-close = 不保存就关闭（{ $pk }, { $rk }）的编辑器？下方的更改将丢失。
table-editor-discard-close = 放弃我的更改并关闭
table-editor-keep-editing = 继续编辑
table-editor-etag = ETag：{ $etag }
table-editor-etag-new = （新实体）
table-editor-property-n = 属性 { $n }
table-editor-unreadable-typed = { $json } （无法读取的 { $ty }）
table-editor-unreadable = { $json } （无法读取的值）
table-editor-unreadable-hint = { $why }。按原样保留，并原样写回；此应用无法编辑它。
table-editor-remove = 删除 { $key }
table-editor-name-of = { $key } 的名称
table-editor-type-of = { $key } 的类型
table-editor-as-base64 = 显示为 Base64
table-editor-as-hex = 显示为十六进制
table-editor-now-for = 为 { $key } 填入当前时间
table-editor-new-guid = 为 { $key } 生成新 GUID
table-editor-value-of = { $key } 的值
table-editor-add-property = 添加属性
table-editor-save-as = 保存方式：
table-editor-replace = 替换（实体将完全变为此内容）
table-editor-merge = 合并（仅更改这些属性）
table-editor-save-key = Ctrl+S
table-editor-close = 关闭编辑器
table-editor-conflict-changed-under = 自你打开后已在服务上更改（{ $names }；现在 ETag 为 { $etag }）：保存将被拒绝。
table-editor-conflict-reapply = 重新加载并重新应用我的更改
table-editor-conflict-title = 在你加载此实体后，其他人更改了它。
table-editor-conflict-fetching = 正在获取对方的版本…
table-editor-conflict-gone = 对方已将其删除。可再次插入你的版本，或放弃你的编辑。
table-editor-conflict-their-etag = 对方的 ETag：{ $etag }
table-editor-conflict-property = 属性
table-editor-conflict-yours = 你的
table-editor-conflict-theirs = 对方的（服务器上的当前值）
table-editor-conflict-absent = （不存在）
table-editor-conflict-insert-again = 再次插入我的版本
table-editor-conflict-overwrite = 仍然覆盖 (If-Match *)
table-editor-conflict-discard = 放弃我的版本

## 详细信息面板

table-details-select = 选择一个实体以查看其属性。按 Enter 或双击可编辑。
table-details-selected = 已选择 { $count } 个实体。选择一个以查看其属性。
table-details-edit = 编辑此实体
table-details-edit-hint = 按 Enter，或双击其行
table-details-none = （无）
table-details-partial = 仅读取了查询所选的列：可能还存在其他属性。
table-details-property = 属性 { $name }
table-details-property-type = { $name } 的类型为 { $ty }
table-details-no-properties = 除键外没有其他属性。

## 网格、其工具栏和底部状态

table-grid-load-more = 加载更多
table-grid-load-all = 全部加载
table-grid-cancel-loading = 取消加载
table-grid-cancel-loading-hint = 停止读取页面；已到达的内容保留，“全部加载”会从那里继续
table-grid-more-available = 还有更多
table-grid-loading = 正在加载…
table-grid-all-loaded = 已全部加载
table-grid-shown = {" "}· 显示 { $count } 个
table-grid-matched = 已读取 { $read } 个实体，其中 { $count } 个在此匹配
table-grid-loaded = 已加载 { $count } 个实体
table-grid-status = { $loaded }，共 { $pages } 页 · { $more }{ $shown } · 已选择 { $selected } 个
table-grid-add = 添加实体
table-grid-needs-one = 选择一行
table-grid-edit = 编辑
table-grid-clone = 克隆
table-grid-clone-hint = 基于所选实体新建实体
table-grid-raw-json = 原始 JSON
table-grid-raw-json-hint = 服务发送的实体原文
table-grid-open-lab = 在冲突实验室中打开
table-grid-copy-json = 复制为 JSON
table-grid-copy-json-hint = 所选行
table-grid-copy-tsv = 复制为 TSV
table-grid-copy-tsv-hint = 所选行，用于电子表格
table-grid-columns = 列…
table-grid-columns-hint = 显示哪些列及其顺序
table-grid-find-hint = 在已加载的行中查找… (Ctrl+F)
table-grid-find-name = 在已加载的行中查找：
table-grid-find-more = 包含匹配，在任何显示的列中；不会发送到服务
table-grid-sorting = 正在排序/筛选…
table-grid-unreadable = { $shown } [无法读取的值]
table-grid-unreadable-typed = { $shown } [无法读取的 { $ty }]
table-grid-unreadable-hint = { $why }。按原样显示；编辑器会原样保留且无法编辑它。
table-grid-odd-type = 此处为 { $ty }；{ $name } 的大多数值为 { $main }
table-grid-columns-title = 列
table-grid-columns-explain = 显示、隐藏列并调整顺序。将鼠标悬停在列标题上可查看其 Edm 类型。
table-grid-move-up = 上移 { $name }
table-grid-move-down = 下移 { $name }

## 删除所选行

table-delete-rows-job = 从 { $table } 删除 { $count } 个实体
table-delete-rows-op = 删除
table-delete-rows-done = 已删除 { $count } 个实体
table-delete-rows-done-gone = 已删除 { $count } 个实体；{ $gone } 个已不存在
table-delete-rows-button = 删除所选项
table-delete-rows-button-hint = 会先询问
table-delete-rows-offer = 删除所选项…
table-delete-rows-body = 它们位于 { $partitions } 个分区中；每个分区按每批最多 100 个分批删除，要么全部成功，要么全部不变。仅当实体的 ETag 仍然匹配时才会删除（不会丢失其他人的更改）。
table-delete-rows-title = 从 `{ $table }` 删除 { $count } 个实体？
table-delete-rows-yes = 删除 { $count } 个实体

## 一次更改多个实体

table-bulk-job-selected = { $change ->
        [set] 在 `{ $table }` 的 { $count } 个所选实体上设置 { $name }
        [remove] 从 `{ $table }` 的 { $count } 个所选实体中删除 { $name }
       *[delete] 删除 `{ $table }` 的 { $count } 个所选实体
    }
table-bulk-job-matching = { $change ->
        [set] 在 `{ $table }` 中与查询匹配的每个实体上设置 { $name }
        [remove] 从 `{ $table }` 中与查询匹配的每个实体中删除 { $name }
       *[delete] 删除 `{ $table }` 中与查询匹配的每个实体
    }
table-bulk-job-entities = 实体
table-bulk-job-deleted = 已删除
table-bulk-job-changed = 已更改
table-bulk-job-changed-why = 读取后已被更改（其 ETag 不再匹配）
table-bulk-job-unchanged = 没有该属性
table-bulk-job-op = 更改 `{ $table }` 的实体
table-bulk-no-name = 请指定要更改的属性名称。
table-bulk-system-property = 无法更改 { $name }：它是实体的键或由服务设置。
table-bulk-bad-value = 该值不是 { $ty }：{ $why }
table-bulk-partial = 这些行仅加载了显示的列 ($select)：删除属性会写入整个实体，因此请先在不勾选“仅获取显示的列”的情况下运行查询。
table-bulk-scope-selected = { $count } 个所选行，按加载时的状态。
table-bulk-matched-here = {" "}且在此匹配：{ $what }
table-bulk-no-filter = 无筛选器：整个表
table-bulk-scope-all = 查询匹配的每个实体（{ $filter }{ $here }），无论是否已加载：逐页读取服务的页面，只保留当前页。
table-bulk-set = 设置属性
table-bulk-remove = 删除属性
table-bulk-delete = 删除它们
table-bulk-property-name = 属性名称
table-bulk-property-type = 属性类型
table-bulk-value = 值
table-bulk-set-how = 仅合并 (Merge) 此属性，且仅当每个实体的 ETag 仍与读取时一致。
table-bulk-remove-how = 以读取时的实体（去掉该属性）执行替换 (Replace)，且仅当其 ETag 仍匹配：合并无法删除属性。
table-bulk-delete-how = 仅当每个实体的 ETag 仍与读取时一致才删除它。
table-bulk-batches = 按同一分区每批最多 100 个且不超过 4 MiB 处理（较大的实体分成更小的批次）；期间被他人更改的实体会被跳过并计数，其余继续。“取消”会保留已完成的部分，“继续”会从那里接着进行。
table-bulk-unsaved = 尚未运行的多实体更改
table-bulk-offer-one = 编辑所选实体的属性…
table-bulk-offer = 编辑 { $count } 个所选实体…
table-bulk-all-loaded-selected = 已选择全部 { $count } 个已加载的行。
table-bulk-select-all-matching = 选择与查询匹配的全部项
table-bulk-all-matching-selected = 已选择与查询匹配的每个实体，无论是否已加载。
table-bulk-change-all = 更改所有匹配项…
table-bulk-only-loaded = 仅已加载的行
table-bulk-title-selected = 编辑 `{ $table }` 的 { $count } 个实体
table-bulk-yes-selected = 更改 { $count } 个实体
table-bulk-title-all = 更改 `{ $table }` 中所有匹配的实体
table-bulk-yes-delete-all = 删除所有匹配的实体
table-bulk-yes-change-all = 更改所有匹配的实体

## 导入

table-import-unsaved = { $path } 的导入，已设置但尚未开始
table-import-bad-counter = 计数器的起始数字 `{ $start }` 不是大于等于 0 的整数。
table-import-title = 导入到 { $table }
table-import-from = 来自 { $path }：{ $rows } 行，{ $columns } 列。
table-import-into = 导入到：
table-import-this-table = 此表，{ $table }
table-import-new-table = 新表
table-import-new-table-name = 新表名称：
table-import-name-hint = 字母和数字
table-import-already-there = 已存在的实体：
table-import-start = 开始导入
table-import-cancel = 取消导入
table-import-key-column = { $key } 列
table-import-no-columns = （无列）
table-import-pk-column = 从列中获取 PartitionKey
table-import-pk-fixed = 每行相同
table-import-pk-fixed-name = 固定的 PartitionKey：
table-import-rk-column = 从列中获取 RowKey
table-import-counter = 计数器
table-import-counter-hint = 用零填充到同一宽度，使键按数字顺序排序
table-import-counter-start = 计数器起始值：
table-import-guid = 每行一个新 GUID
table-import-column-types = 列类型（除非文件指定了类型）根据前 { $rows } 行推断，且仅当每个值写入后仍是相同文本时才推断（之后某行的值不符合其列类型时不会写入，报告会写明它所在的行）；作为键来源的列不会再次写入：
table-import-inferred = { $ty }（推断）
table-import-type-of = { $name } 的类型
table-import-example = 例如 { $value }
table-import-preview = 预览：前 { $count } 行写入后的样子
table-import-line = 行
table-import-properties = 属性
table-import-new-guid = （新 GUID）
table-import-not-written = 不会写入：{ $why }
table-import-exists = 名为 { $table } 的表已存在：请从其自己的选项卡导入，或选择其他名称。{ $message }
table-import-report = {" "}所有跳过或失败的行都在 { $path } 中。
table-import-done = 已导入到 { $table }：写入 { $count } 个
table-import-done-skipped = ，跳过 { $count } 个（已存在：第 { $lines } 行）
table-import-done-failed = ，失败 { $count } 个
table-import-done-first = {" "}（第 { $lines } 行；第 { $line } 行：{ $why }）
table-import-done-end = 。
table-import-not-built = 未生成
table-import-plan-as-file = 按文件所示
table-import-plan-leave-out = 不导入
table-import-plan-insert-only = 仅插入：跳过已存在的实体
table-import-plan-merge = 合并到已存在的实体
table-import-plan-replace = 替换已存在的实体
table-import-plan-unreadable = 无法读取 { $path }（{ $why }）。
table-import-plan-file-changed = { $path } 在为本次导入读取之后已被更改：请重新打开“导入”，按其当前内容查看并设置类型。
table-import-plan-not-json = 该文件不是实体的 JSON 数组：{ $why }
table-import-plan-bad-header = 无法读取 CSV 的标题行：{ $why }
table-import-plan-bad-line = 无法读取 CSV 的第 { $line } 行：{ $why }
table-import-plan-empty-key = 其 { $key }（列 { $column }）为空
table-import-plan-no-key-column = 文件中没有可获取其 { $key } 的列
table-import-plan-not-edm = `{ $ty }` 不是 Edm 类型（列 { $name }@type）
table-import-plan-op = 导入

## 实体的历史记录

table-history-loaded = 已加载
table-history-watched = 监视所得
table-history-saved = 在此保存
table-history-one = 历史记录：只见到一个版本
table-history-one-explain = 从第二个版本出现时开始保留版本：来自重新加载、监视或在此保存。
table-history-title = 历史记录：本次运行见到 { $count } 个版本
table-history-no-etag = 无 ETag
table-history-same = 版本 { $a } 和 { $b }：数据相同
table-history-changed = 版本 { $a } 到 { $b }：{ $changes }

## 导出和导入文件

table-files-cannot-import = 无法导入该文件：{ $why }
table-files-menu = 导出/导入
table-files-menu-hint = 将行导出到 CSV 或 JSON 文件，或将文件中的行导入到表
table-files-export-as = 导出为：
table-files-export-shown = 导出显示的行…
table-files-export-shown-hint = 网格当前显示的行（已应用快速筛选和排序），包含其所有属性
table-files-export-query = 导出整个查询…
table-files-import = 导入…
table-files-import-hint = 将 CSV 或 JSON 文件导入到此表或新表：可选择键、类型和冲突处理方式，并提供预览
table-files-import-dialog = 导入实体
table-files-export-dialog = 导出实体
table-files-export-job = 导出 { $table }（{ $format }）
table-files-export-query-job = 导出 { $table } 的查询
table-files-export-op = 导出
table-files-written = 已将 { $count } 个实体写入 { $path }
table-io-csv-typed = 带类型的 CSV
table-io-csv-plain = CSV，仅值
table-io-json = JSON
table-io-export-op = 导出到 { $path }
table-io-read-op = 读取 { $path }
table-io-needs-keys = CSV 需要 PartitionKey 和 RowKey 列。
table-io-already-there = 已存在（仅插入）
table-io-report = 已写入 { $written } 个实体，跳过 { $skipped } 行，失败 { $failed } 行。
table-io-report-line = 第 { $line } 行（{ $keys }）{ $what ->
        [skipped] 已跳过
       *[failed] 失败
    }：{ $why }

## 关闭选项卡

table-closing-edit = 实体编辑（{ $pk }, { $rk }）

## 比较：两个实体、“比较”菜单、索引表

table-compare-none = 无
table-compare-version = { $side ->
        [left] 左侧
       *[right] 右侧
    }：ETag { $etag }，Timestamp { $when }
table-compare-title = 比较实体
table-compare-same = 逐个属性、逐个类型都相同。
table-compare-differ = { $total } 个属性中有 { $count } 个不同（值或类型）。
table-compare-only-differences = 仅显示差异
table-compare-property = 属性
table-compare-left = 左侧：{ $what }
table-compare-right = 右侧：{ $what }
table-compare-no-such = （无此属性）
table-compare-differs = { $name }（不同）
table-comparing-two = 比较所选的两行
table-comparing-two-hint = 选择两行（Ctrl+单击）
table-comparing-pick-row = 选取所选行以进行比较
table-comparing-pick-row-hint = 然后在任意帐户的任意表选项卡中，将某一行与它比较
table-comparing-pick-query = 选取此查询以比较表
table-comparing-pick-query-hint = 然后在任意帐户的表选项卡中，将其查询与此查询逐行比较
table-comparing-pick-query-off = 请先运行查询；包含在此匹配部分（包含、开头为…）的查询无法比较：比较只读取服务的筛选器
table-comparing-file = 与导出的文件比较…
table-comparing-file-hint = 将按“导出”写入的 CSV 或 JSON 文件（带类型的 CSV 或 JSON 会保留类型）与此查询比较
table-comparing-file-dialog = 与导出的文件比较
table-comparing-index = 与索引表比较…
table-comparing-index-hint = 检查应用程序维护的索引表：缺失的条目、孤立条目、过时的副本
table-comparing-with-query = 将此查询与选取的查询比较（{ $place }）
table-comparing-with-row = 与选取的行比较（{ $place } / { $pk } / { $rk }）
table-comparing-menu = 比较
table-comparing-menu-hint = 两行、此表与另一个表，或与文件
table-index-view-title = 与索引表比较
table-index-view-explain = { $table }（整个表）的每一行都应在索引表中有一个条目，以其某个属性为键，并包含其他属性的副本。
table-index-view-table = 索引表：
table-index-view-table-hint = 例如 customersByEmail
table-index-view-pk = 其 PartitionKey 来自：
table-index-view-pk-hint = 一个属性，例如 Email
table-index-view-rk = 其 RowKey 来自：
table-index-view-rk-hint = RowKey 或一个属性
table-index-view-copies = 复制的属性：
table-index-view-compare = 与索引比较
table-index-view-left = { $table }（{ $account }）作为其索引条目：{ $map }
table-index-view-file = { $name }（导出的文件）

## 比较表

table-diff-only-left = 仅在左侧
table-diff-only-right = 仅在右侧
table-diff-differs-in = 不同：{ $names }
table-diff-differs = 不同
table-diff-op = 比较表
table-diff-out-of-order = { $place } 的行未按键顺序返回（{ $pk } / { $rk } 在 { $last_pk } / { $last_rk } 之后），因此无法合并；比较需要服务的顺序
table-diff-file-op = 与文件比较
table-diff-file-unreadable = 无法读取 { $path } 的 { $count } 条记录（第一条为记录 { $record }（{ $keys }）：{ $why }）。
table-diff-file-stopped = 读取 { $path } 意外停止
table-diff-copy-op = 复制差异
table-diff-copy-wrote = 已将 { $total } 行中的 { $written } 行写入 { $place }
table-diff-copy-skipped = ；跳过 { $count } 行，因为目标在比较后已更改（在那里被添加、更改或删除）：{ $keys }。请再次比较以查看其当前状态
table-diff-view-where = { $place }，条件 { $filter }
table-diff-view-counts = 仅在左侧：{ $left } · 仅在右侧：{ $right } · 不同：{ $different } · 相同：{ $same }
table-diff-view-read = （已读取左侧 { $left } 行，右侧 { $right } 行）
table-diff-view-comparing = 正在比较…（两侧同时按键顺序读取）
table-diff-view-same = 两侧的行和数据完全相同。
table-diff-view-too-many = 共 { $count } 处差异：列出并复制前 { $kept } 处；复制后再次比较可处理其余部分
table-diff-view-show = 显示：
table-diff-view-all = 所有差异
table-diff-view-only-left = 仅在左侧
table-diff-view-only-right = 仅在右侧
table-diff-view-different = 不同
table-diff-view-copy-json = 将差异复制为 JSON 行
table-diff-view-partial = 有一侧仅读取了显示的列 ($select)：复制已关闭，因为替换会丢弃其他属性。请关闭“仅获取显示的列”并再次比较以进行复制。
table-diff-view-index = 仅在左侧：索引中缺失的条目 · 仅在右侧：指向不存在项的索引条目 · 不同：已过时的副本。“从左复制到右”会添加缺失的条目，并将副本合并到过时的条目中（其自身属性保留）；不会删除任何内容。
table-diff-view-copy = { $way ->
        [left] 从左复制到右
       *[right] 从右复制到左
    }（{ $count } 次写入）…
table-diff-view-copy-hint = 插入目标缺少的行并替换不同的行；不删除任何内容
table-diff-view-copying = 正在复制…（请查看活动列表）
table-diff-view-confirm-body = { $source } 的 { $count } 行将写入 { $target }：缺少的插入，不同的替换，且仅当目标仍保持比较时读取的内容 (If-Match 其 ETag)。仅在 { $target } 中存在的行不会被删除。
table-diff-view-confirm-title = 将 { $count } 行写入 { $target }？
table-diff-view-confirm-yes = 写入 { $count } 行
table-diff-view-copy-job = 将 { $count } 个不同的行复制到 { $target }
table-diff-view-job = 比较 { $left } 与 { $right }
table-diff-view-done = 仅在左侧 { $left }，仅在右侧 { $right }，不同 { $different }，相同 { $same }
