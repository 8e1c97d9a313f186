# 表窗格的功能：查询、分区、全部加载、已保存的查询、监视（简体中文）。

## 查询面板：筛选器框、预设和筛选器生成器

table-query-run = 运行查询
table-query-per-page = 每页
table-query-size-per-page = 每页 { $size } 个
table-query-presets = 预设
table-query-presets-hint = 单个分区、RowKey 前缀、最近 24 小时、仅显示的列
table-query-wrong-at = 筛选器在第 { $column } 个字符处有误：{ $message } 未发送任何内容。
table-query-scan-point = 点查询：按键读取一个实体。
table-query-scan-partition = 仅读取其指定的分区。
table-query-scan-range = 读取一个分区范围。
table-query-scan-table = 全表扫描：没有 PartitionKey 条件，因此会读取每个分区。
table-query-builder = 筛选器生成器
table-query-matched-here = 并在本地匹配：{ $matches }。“{ $op }”在本地运行：会读取服务结果的每一页，进度和“取消”显示在网格下方。
table-query-stop-matching = 停止本地匹配
table-query-stop-matching-hint = 仅保留服务运行的筛选器（然后点击“运行查询”）
table-query-presets-label = 预设：
table-query-preset-partition = 分区
table-query-one-partition = 单个分区
table-query-rowkey-prefix = RowKey 前缀
table-query-key-prefix = 键前缀
table-query-last-day = 最近 24 小时
table-query-select-shown = 仅获取显示的列 ($select)
table-query-or-groups = 或（组）
table-query-and-groups = 与（组）
table-query-group-join = 组 { $n }：联接方式
table-query-and-group = 与（组 { $n }）
table-query-or-group = 或（组 { $n }）
table-query-remove-group = 删除组 { $n }
table-query-property = 属性 { $name }
table-query-type = 类型 { $name }
table-query-type-hint = 值的类型：Int64 写作 123L，DateTime 写作 datetime'…'
table-query-runs-here = { $op }（在本地运行）
table-query-operator = 运算符 { $name }
table-query-operator-hint = “包含”、“开头为”、“结尾为”和不区分大小写的“等于”不是 OData 运算符：它们在本地对服务发送的每一页运行
table-query-value = 值 { $name }
table-query-any-case = 不区分大小写
table-query-any-case-of = 不区分大小写 { $name }
table-query-remove = 删除 { $name }
table-query-add-condition = 向组 { $n } 添加条件
table-query-add-group = 添加组
table-query-groups-joined = 组之间的联接方式
table-query-write = 写入筛选器
table-query-condition-wrong = 组 { $g }，条件 { $c }：{ $why }
table-query-here-in-or-group = 组 { $g }：“包含”、“开头为”、“结尾为”或“等于”（不区分大小写）条件在本地对服务发送的行进行匹配，因此只能用“与”联接。请用“与”联接该组，或将这些条件移到单独的组中。
table-query-here-in-or-groups = 组 { $g }：“包含”、“开头为”、“结尾为”或“等于”（不区分大小写）条件在本地对服务发送的行进行匹配，因此只能用“与”联接。请用“与”联接各组。

## 在本地运行的条件：包含、开头为、结尾为、不区分大小写的等于

table-row-match-contains = 包含
table-row-match-starts-with = 开头为
table-row-match-ends-with = 结尾为
table-row-match-equals = 等于
table-row-match-one = { $property } { $op } '{ $value }'
table-row-match-one-any-case = { $property } { $op } '{ $value }'（不区分大小写）
table-row-match-and = 与
table-row-match-or = 或

## 窗格：对所选行的自有操作

table-pane-one-edit = 请先保存或关闭对 ({ $pk }, { $rk }) 的编辑，再编辑其他实体。
table-pane-edit = 编辑…
table-pane-copy-tsv = 复制为 TSV
table-pane-clone = 克隆…

## 全部加载

table-load-all-every-page = 读取 { $table } 的每一页（“{ $op }”在本地运行）
table-load-all-title = 全部加载 { $table }
table-load-all-gone = 表选项卡已不再显示此查询（已运行其他查询或已关闭）；请改为在选项卡中点击“全部加载”
table-load-all-nothing = 没有更多内容可加载
table-load-all-op = 全部加载
table-load-all-done = { $pages } 页中的 { $entities } 个实体

## 分区图

table-partitions-summary = 最大分区：{ $pk }，含 { $entities } 个实体（占 { $total } 个的 { $share }%）；共 { $partitions } 个分区
table-partitions-none = 没有可计数的实体。
table-partitions-counted-whole = { $summary }（按整个表计数）
table-partitions-counted-loaded = { $summary }（按已加载的行计数）
table-partitions-hot = 热分区风险：一个分区包含 { $share }% 的行，因此其所有读写都落在同一台服务器上。如果这是实际负载，请分散键。
table-partitions-bars = 每个分区的实体数
table-partitions-copy = 复制分区计数
table-partitions-click-bar = 单击条形可仅查询该分区。
table-partitions-as-text = 分区计数（文本）
table-partitions-scan-title = 扫描 { $table } 的分区
table-partitions-scan-op = 扫描分区
table-partitions-map = 分区图
table-partitions-map-hint = 分区图：已加载的行（或整个表）在各分区中的分布，显示在网格旁边
table-partitions-title = 分区
table-partitions-scan = 扫描整个表
table-partitions-scan-hint = 以作业方式统计每个分区（仅读取 PartitionKey）
table-partitions-back = 返回已加载的行
table-partitions-no-rows = 没有已加载的行可计数：请运行查询，或扫描整个表。
table-partitions-counting = 正在计数…

## 已保存的查询（工具栏中的漏斗）

table-saved-query-menu-no-filter = 请先输入筛选器：没有可保存的内容。
table-saved-query-menu-matching = 在本地运行的条件（包含、不区分大小写…）不会保存，只保存 $filter：请先停止本地匹配。
table-saved-query-menu-no-name = 请输入保存所用的名称。
table-saved-query-menu-title = 已保存的查询
table-saved-query-menu-hint = 以某个名称保存筛选器，或运行已保存的查询
table-saved-query-menu-save-as = 另存为：
table-saved-query-menu-a-name = 名称
table-saved-query-menu-replace = 替换 `{ $name }`
table-saved-query-menu-save = 保存此查询
table-saved-query-menu-saves = 保存 `{ $filter }`
table-saved-query-menu-none = 尚无已保存的查询。
table-saved-query-menu-runs = 在此处运行 `{ $filter }`（保存于 { $table }）
table-saved-query-menu-remove-ask = 删除 `{ $name }`？
table-saved-query-menu-remove-it = 删除
table-saved-query-menu-keep-it = 保留
table-saved-query-menu-remove = 删除 { $name }

## 仅加载了显示列的实体

table-partial-save-op = 保存实体
table-partial-no-removal = 此行仅加载了显示的列，因此无法在此保存对 `{ $name }` 的删除（合并会保留未发送的内容）。请先加载整个实体，然后再删除它。
table-partial-note = 仅加载了显示的列（此处有 { $count } 个属性）：保存时仅合并你更改的属性；其他属性在服务中保持不变。
table-partial-load-whole = 加载整个实体
table-partial-loaded-whole = 已加载整个实体；你的更改已叠加在其上。

## 统计实体（全表扫描）

table-scan-count-title = 统计 { $table } 中的实体
table-scan-count-op = 统计实体
table-scan-counted = `{ $table }` 中有 { $count } 个实体

## SAS 表单和原始 JSON 窗口

table-sas-hint = 此表的共享访问签名，包括其权限、到期时间和键范围
table-sas-no-policies = 此处不提供表的存储访问策略：本应用测试所用的模拟器 Azurite 3.35 不支持它们，无从试用。
table-raw-json-title = 原始 JSON
table-raw-json-copy = 复制 JSON
table-raw-json-entity = 实体 JSON

## 监视

table-watch-view-tool = 监视
table-watch-view-tool-hint = 每隔几秒重新读取已加载的行，并标记发生的更改
table-watch-view-what = 已加载行的查询，逐页读取
table-watch-view-rows = 行
table-watch-view-list-at = 在网格旁边
table-watch-view-next = 下一个更改
table-watch-view-next-hint = 选择下一个已标记的行并滚动到该行
table-watch-view-changes-seen = 看到的更改
table-watch-view-new = 自上次查看以来新增
table-watch-view-vanished = 已消失：已删除，或不再与筛选器匹配（“关闭已消失的项”会将其移除）
table-watch-view-changed = 已更改：{ $cell }
table-watch-view-written-again = 自上次查看以来被重新写入
table-watch-none = （无）
table-watch-appeared = { $who }：出现，ETag { $etag }
table-watch-same-values = { $who }：以相同的值重新写入，ETag { $etag }
table-watch-changed = { $who }：{ $cells }，ETag { $etag }
table-watch-vanished = { $who }：已消失（已删除，或不再与筛选器匹配）
table-watch-back = { $who }：再次出现，ETag { $etag }

## 列的类型，以及以十六进制键入的二进制值

table-store-no-values = 尚未加载任何值
table-store-type-in-rows = { $n } 行中为 Edm.{ $ty }
table-store-type-clash = 类型冲突：{ $types }
table-property-hex = 十六进制值需要偶数个数字 0-9 和 a-f。
