# 冲突实验室，以及各窗格共用的绘制部件（简体中文）。

## 冲突实验室：现成的场景（标题、说明、步骤）
lab-scenarios-entity-title = 实体的乐观并发
lab-scenarios-entity-explains = 两个客户端读取实体，得到相同的 ETag。A 先保存，ETag 随之改变；B 保存时仍携带旧的 ETag，因此服务以 412 拒绝，而不是悄悄丢失 A 的更改。B 重新加载，重新应用其更改后保存成功。随后 B 强制使用 If-Match: *，直接覆盖 A 的更改：最后写入者胜出。
lab-scenarios-entity-1 = A 读取实体（ETag v1）
lab-scenarios-entity-2 = B 读取实体（同样是 v1）
lab-scenarios-entity-3 = A 以 If-Match v1 保存 Count = 1（现为 v2）
lab-scenarios-entity-4 = B 以 If-Match v1 保存 Count = 2：412
lab-scenarios-entity-5 = B 重新加载（v2）并重新应用其更改
lab-scenarios-entity-6 = B 以 If-Match v2 保存 Count = 2（现为 v3）
lab-scenarios-entity-7 = A 以其过时的 v2 保存 Count = 10：412
lab-scenarios-entity-8 = B 以 If-Match: * 强制保存 Count = 99（最后写入者胜出）
lab-scenarios-entity-9 = 独立读回：Count = 99，由 B 保存
lab-scenarios-blob-title = Blob 的乐观并发
lab-scenarios-blob-explains = Blob 上的同一竞争：一旦其他人已写入，以所见 ETag 作为 If-Match 的上传就会以 412 失败。If-None-Match: * 使上传变为仅创建：第二个创建该 Blob 的客户端会被拒绝。
lab-scenarios-blob-1 = A 读取 shared.txt（ETag v1）
lab-scenarios-blob-2 = B 读取 shared.txt（同样是 v1）
lab-scenarios-blob-3 = A 以 If-Match v1 上传（现为 v2）
lab-scenarios-blob-4 = B 以 If-Match v1 上传：412
lab-scenarios-blob-5 = A 以 If-None-Match: * 创建 new.txt（仅创建）
lab-scenarios-blob-6 = B 以 If-None-Match: * 创建 new.txt：被拒绝
lab-scenarios-blob-7 = 独立读回：shared.txt 是 A 写的，new.txt 也是 A 写的
lab-scenarios-append-title = 两个写入者追加到同一日志
lab-scenarios-append-explains = 对追加 Blob 的追加永远不会互相覆盖：每个块都落在末尾。但必须知道其记录落在何处的写入者（带偏移量的日志、恰好一次的写入者）只在它看到的位置追加（x-ms-blob-condition-appendpos）：如果另一个写入者先到一步，服务以 412 拒绝，写入者读取新的末尾后重试。最大大小（x-ms-blob-condition-maxsize）会拒绝使日志超出该大小的追加。
lab-scenarios-append-1 = A 读取日志：0 字节
lab-scenarios-append-2 = B 读取日志：同样是 0 字节
lab-scenarios-append-3 = A 在位置 0 追加 "A1;"
lab-scenarios-append-4 = B 在其过时的位置 0 追加 "B1;"：412
lab-scenarios-append-5 = B 再次读取日志：3 字节
lab-scenarios-append-6 = B 在位置 3 追加 "B1;"
lab-scenarios-append-7 = A 不指定位置追加 "A2;"：无论末尾在哪里，它都落在末尾
lab-scenarios-append-8 = A 仅在日志不超过 10 字节时追加 "A3;"：412
lab-scenarios-append-9 = 独立读回：A1;B1;A2;
lab-scenarios-lease-title = 使用租用的悲观并发
lab-scenarios-lease-explains = 租用就是锁：A 持有租用期间，B 的写入以 412（缺少租用 ID）失败，只有携带 A 的租用 ID 的写入才会成功。A 释放后，B 可以获取租用。任何人都可以中断租用：B 中断 A 的租用，A 仍可在中断期内完成工作（双方都看到 `breaking`），之后租用变为 `broken`，任何人都可以获取它。
lab-scenarios-lease-1 = A 获取 15 秒租用
lab-scenarios-lease-2 = B 不带租用 ID 写入：412
lab-scenarios-lease-3 = A 携带其租用 ID 写入
lab-scenarios-lease-4 = A 释放租用
lab-scenarios-lease-5 = B 获取 15 秒租用
lab-scenarios-lease-6 = B 释放租用
lab-scenarios-lease-7 = A 获取无限期租用
lab-scenarios-lease-8 = B 以 3 秒中断期中断 A 的租用
lab-scenarios-lease-9 = A 看到 `breaking`
lab-scenarios-lease-10 = B 看到 `breaking`
lab-scenarios-lease-11 = 等待 4 秒，度过中断期
lab-scenarios-lease-12 = A 看到 `broken`
lab-scenarios-lease-13 = B 看到 `broken`
lab-scenarios-queue-title = 队列上的竞争使用者
lab-scenarios-queue-explains = A 取消排队该消息，消息在 A 的 10 秒超时内不可见，因此 B 什么也得不到。随后 A“崩溃”（什么也不做）。超时结束后消息重新出现；B 取得它，取消排队计数为 2。A 迟到的删除被拒绝：消息重新出现时，A 的 pop receipt 已过时（至少一次传递）。
lab-scenarios-queue-1 = A 以 10 秒可见性超时取消排队
lab-scenarios-queue-2 = B 取消排队：什么也没有（消息不可见）
lab-scenarios-queue-3 = A 崩溃：等待 11 秒，什么也不做
lab-scenarios-queue-4 = B 再次取消排队：得到该消息，取消排队计数为 2
lab-scenarios-queue-5 = A 以旧 receipt 迟到的删除：被拒绝
lab-scenarios-queue-6 = B 以当前 receipt 删除该消息
lab-scenarios-queue-7 = 独立读回：队列为空
lab-scenarios-leader-title = 使用 Blob 租用选举领导者
lab-scenarios-leader-explains = 双方都尝试获取同一 Blob 上的 15 秒租用；服务将其授予其中一方（领导者），并以 409 拒绝另一方。领导者通过续订保持租用。当它停止续订（已失效）时，租用过期，由另一方获取：无需任何协调者即产生新的领导者。
lab-scenarios-leader-1 = A 尝试获取：成功
lab-scenarios-leader-2 = B 尝试获取：409，A 是领导者
lab-scenarios-leader-3 = A 续订（它仍然存活）
lab-scenarios-leader-4 = A 停止续订：等待 16 秒
lab-scenarios-leader-5 = B 再次尝试：成功，B 成为领导者
lab-scenarios-leader-6 = A 恢复后无法续订：409

## 冲突实验室：步骤的结果
lab-mod-setup = 准备
lab-mod-no-answer = 无应答
lab-steps-refused = { $says }：如预期被拒绝（{ $evidence }）。
lab-steps-not-refused = { $says }：操作成功了，但服务本应拒绝它。
lab-steps-failed = { $says }：失败：{ $why }
lab-steps-made-entity = 已创建实体（Count = 0）。
lab-steps-made-shared = 已创建 shared.txt：ETag { $etag }
lab-steps-made-message = 已放入一条消息：ID { $id }
lab-steps-made-log = 已创建追加 Blob { $blob }（空）：ETag { $etag }
lab-steps-read-log = { $side } 读取 { $blob }：{ $length } 字节，ETag { $etag }
lab-steps-appended = { $side } 在字节 { $offset } 处追加 { $body }：日志现为 { $length } 字节
lab-steps-read-entity = { $side } 已读取：Count = { $count }，ETag { $etag }
lab-steps-saved-entity = { $side } 已保存 Count = { $count }：新 ETag { $etag }
lab-steps-read-blob = { $side } 已读取：ETag { $etag }，租用 { $state }
lab-steps-wrote = { $side } 已写入 { $blob }：新 ETag { $etag }
lab-steps-lease-state = { $side } 看到租用状态 { $state }
lab-steps-took = { $side } 取得了消息（取消排队计数 { $count }）
lab-steps-got-nothing = { $side } 什么也没得到
lab-steps-deleted = { $side } 删除了消息
lab-steps-waited = 已等待 { $seconds } 秒。
lab-steps-entity-holds = 实体中 Count = { $count }，由 { $by } 保存
lab-steps-messages-left = 剩余 { $count } 条消息
lab-steps-holds-lease = { $side } 持有租用：租用 ID { $id }
lab-steps-leads = { $side } 是领导者：租用 ID { $id }
lab-steps-renewed = { $side } 已续订
lab-steps-released = { $side } 已释放
lab-steps-breaking = 正在中断：{ $seconds } 秒后中断

## 冲突实验室窗口
lab-view-window = 冲突实验室 — { $account }
lab-view-lease-states = 租用状态随时间的变化
lab-view-scenarios = 现成的场景
lab-view-scenarios-hint = 每个场景都在此帐户中的新资源上运行，使用两个从不重试的客户端。
lab-view-set-up = 准备：{ $scenario }
lab-view-done = 已完成
lab-view-next = 下一步
lab-view-next-step = 下一步
lab-view-play-all = 全部运行
lab-view-copy = 复制为 Python 测试
lab-view-copy-hover = 一个 pytest 测试（也可作为脚本运行），通过 Microsoft 的 Python SDK 执行这些步骤并断言这些结果；帐户取自 AZURE_STORAGE_CONNECTION_STRING
lab-view-complete = 场景已完成。
lab-view-copied = 已复制：设置 AZURE_STORAGE_CONNECTION_STRING，然后用 pytest 或 python 运行。
lab-view-as-expected = 符合预期
lab-view-unexpected = 出乎意料
lab-view-client = 客户端 { $side }
lab-view-etag-held = 持有的 ETag：{ $etag }
lab-view-lease-held = 持有的租用 ID：{ $id }
lab-view-receipt-held = 持有的 pop receipt：{ $receipt }
lab-view-timeline = 时间线：A 和 B 的所有请求，按顺序（{ $count }）
lab-view-col-number = #
lab-view-col-who = 谁
lab-view-col-operation = 操作
lab-view-col-method = 方法
lab-view-col-sent = 发送（If-Match、租用、receipt）
lab-view-col-came-back = 返回
lab-view-free = 自由模式
lab-view-free-hint = 在窗格中选择一个实体、Blob 或队列，然后选择“在冲突实验室中打开”；之后 A 和 B 手动对其操作。
lab-view-acts-on = A 和 B 操作{ $target }。
lab-view-value-hint = 要写入的值
lab-view-value-name = { $side } 写入的值
lab-view-copy-run = 将此运行复制为 Python 测试（{ $count } 步）
lab-view-copy-run-hover = 一个 pytest 测试（也可作为脚本运行），通过 Microsoft 的 Python SDK 按此顺序执行这些步骤并断言服务的应答；帐户取自 AZURE_STORAGE_CONNECTION_STRING
lab-view-new-run = 开始新的运行
lab-view-new-run-hover = 忘记目前的步骤以及 A 和 B 持有的内容（ETag、租用、receipt）

## 冲突实验室的自由模式
lab-free-read = 读取
lab-free-save = 以我的 ETag 保存
lab-free-force-save = 强制保存（If-Match *）
lab-free-delete = 删除
lab-free-acquire = 获取 15 秒租用
lab-free-release = 释放我的租用
lab-free-break = 立即中断租用
lab-free-break-slowly = 以 10 秒中断期中断
lab-free-peek = 速览
lab-free-dequeue = 取消排队（30 秒）
lab-free-return = 立即归还
lab-free-read-entity = 已读取；ETag { $etag }
lab-free-saved = 已保存；新 ETag { $etag }
lab-free-deleted-any = 已以 If-Match * 删除（此方未读取过 ETag）
lab-free-deleted-matched = 已删除（其 ETag 仍然匹配）
lab-free-deleted-plain = 已无条件删除（此方未读取过 ETag）
lab-free-read-blob = 已读取；ETag { $etag }，租用 { $state }
lab-free-written = 已写入；新 ETag { $etag }
lab-free-holds = 持有租用 { $id }
lab-free-released = 已释放
lab-free-broken-now = 已立即中断
lab-free-breaking = 正在中断：{ $seconds } 秒后中断（在此之前持有者仍可写入）
lab-free-front = 首条消息 { $id }（取消排队计数 { $count }）
lab-free-nothing-visible = 没有可见的消息
lab-free-took = 已取得 { $id }（取消排队计数 { $count }），receipt { $receipt }
lab-free-got-nothing = 什么也没得到：所有消息都不可见
lab-free-deleted-message = 已删除 { $id }
lab-free-returned = 已归还 { $id }；新 receipt { $receipt }
lab-free-act = 操作
lab-free-not-here = “{ $action }”在此不适用。
lab-free-acts-on-message = { $side } 对消息操作
lab-free-no-message = { $side } 未持有消息：请先取消排队。
lab-free-saves = { $side } 保存
lab-free-no-etag = { $side } 尚未持有 ETag：请先读取，或使用“强制保存（If-Match *）”覆盖现有内容。
context-open-lab-entity = 表 `{ $table }` 中的实体（{ $partition_key }, { $row_key }）
context-open-lab-blob = `{ $container }` 中的 Blob `{ $blob }`
context-open-lab-queue = 队列 `{ $queue }` 的首条消息

## 存储的访问策略与服务 SAS 表单（各窗格共用）
widgets-policies-unsaved = `{ $name }` 的存储的访问策略
widgets-policies-read-failed = 无法读取策略：{ $why }
widgets-policies-conflict = 未保存：在你读取之后有人更改了策略。你的编辑已保留：“重新加载并重新应用”会把你的更改应用到对方的更改之上；“放弃”则显示对方的版本。{ $why }
widgets-policies-save-failed = 策略未保存：{ $why }
widgets-policies-stale-save = 自你开始编辑以来，服务上的策略已更改：请先重新加载，并在对方的版本上重新应用你的更改（或放弃你的更改）。
widgets-policies-title = 存储的访问策略（{ $count }/{ $max }）
widgets-policies-guard-container = 仅当读取后无人更改时（If-Unmodified-Since 为 ACL 的时间）
widgets-policies-guard-queue = 服务不为队列的策略提供条件。应用会在写入前再次读取，若与你开始编辑时的版本不同则拒绝写入；但在这次读取与写入之间有人添加的策略仍会被删除，并吊销绑定到它的所有 SAS。
widgets-policies-reading = 正在读取…
widgets-policies-id = 策略 { $n } 的 ID：
widgets-policies-permissions = 策略 { $n } 的权限：
widgets-policies-start = 策略 { $n } 的开始时间：
widgets-policies-expiry = 策略 { $n } 的到期时间：
widgets-policies-own = 由 SAS 自行指定
widgets-policies-remove = 删除策略 { $n }
widgets-policies-sas = 使用策略 { $id } 的 SAS URL
widgets-policies-sas-hover = 绑定到此策略的 SAS（si=）：在策略更改之前，它授予已保存的策略所授予的权限
widgets-policies-add = 添加策略
widgets-policies-saving = 正在保存…
widgets-policies-save = 保存策略
widgets-policies-reload = 重新加载策略
widgets-policies-reload-hover = 再次读取策略；未保存的更改会保留，并说明其下发生了哪些变化
widgets-policies-changed = 自你开始编辑以来，服务上的策略已更改。
widgets-policies-reapply = 重新加载并重新应用我的策略更改
widgets-policies-discard = 放弃我的策略更改
widgets-policies-letters = 权限：{ $letters }（顺序不限）。
widgets-policies-save-first = 请先保存策略 `{ $id }`：SAS 只能绑定到服务中已有的策略。
widgets-policies-copied = SAS URL 已复制到剪贴板（这是机密：请谨慎分享）。
widgets-policies-sas-permissions = SAS 权限（{ $letters }）：
widgets-policies-copy-sas = 复制 SAS URL
widgets-sas-terms-bad-start = 开始时间 `{ $start }` 不是 UTC 时间，例如 2026-12-01T00:00:00Z（或留空表示现在）。
widgets-sas-terms-start = 开始（UTC）：
widgets-sas-terms-now = 现在
widgets-sas-terms-hours = 小时：
widgets-sas-terms-ip = IP 或范围：
widgets-sas-terms-any = 任意
widgets-sas-terms-https-only = 仅 HTTPS
widgets-sas-terms-copied = 已复制到剪贴板（这是机密：请谨慎分享）。

## 工具条、租用时间线、批量更改
widgets-tool-strip-close = 关闭{ $tool }
widgets-tool-strip-escape = Esc
widgets-lease-timeline-since = { $name }：自 { $since } 起为 { $state }
widgets-lease-timeline-not-seen = { $name }：尚未看到
widgets-lease-timeline-none = 尚未看到租用：此视图一旦看到某个 Blob 被租用，它就会显示在这里。
widgets-lease-timeline-axis = 自此视图首次看到每个 Blob 以来的秒数（在窗格中：自看到它被租用起，以及之前的状态）；竖线表示现在。
widgets-lease-timeline-as-text = 租用状态（文本）
widgets-lease-timeline-copy = 复制租用状态
widgets-lease-timeline-at = { $at } 时为 { $state }
widgets-lease-timeline-history = { $now }；历史：{ $history }
widgets-bulk-change-done = { $done } { $count } 个{ $items }
widgets-bulk-change-changed = ；{ $count } 个因{ $why }而跳过
widgets-bulk-change-gone = ；{ $count } 个已不存在
widgets-bulk-change-unchanged = ；{ $count } 个{ $what }
widgets-bulk-change-failed = ；{ $count } 个失败
widgets-bulk-change-first = （第一个：{ $failure }）
widgets-bulk-change-read = ，共读取 { $count } 个
widgets-bulk-change-item-skipped = 已跳过：{ $why }
widgets-bulk-change-item-gone = 已不存在
widgets-bulk-change-item-failed = 失败：{ $why }
widgets-bulk-change-running = 正在更改{ $items }：{ $what }。目前：{ $counts }。
widgets-bulk-change-cancel = 取消更改
widgets-bulk-change-stopped = 已停止：{ $what }。{ $counts }。{ $why } “继续”将从该处继续。
widgets-bulk-change-resume = 继续更改
widgets-bulk-change-dismiss = 关闭
widgets-bulk-change-cancelled = 已取消：{ $what }。{ $counts }。“继续”将从该处继续。
widgets-bulk-change-done-line = 完成：{ $what }。{ $counts }。

## 各窗格共用：剪贴板、索引映射、持有的租用、保存的查询
context-clipboard-snapshot = { $container }（{ $account }）中 { $name } 的快照 { $time }
context-clipboard-blobs = { $count } 个 Blob
context-clipboard-folders = { $count } 个文件夹
context-clipboard-and = { $blobs }和{ $folders }
context-clipboard-from = { $container }（{ $account }）中的{ $what }
context-index-map-no-keys = 请指定哪个属性成为索引的 PartitionKey，哪个成为其 RowKey。
context-index-map-same = { $property } 不能同时提供两个键：同一值的所有条目都会冲突。
context-index-map-own = { $key } 是条目自身的属性，不是复制的属性。
context-index-map-copies-nothing = 不复制任何属性
context-index-map-copies = 复制 { $names }
context-index-map-describe = PartitionKey 取自 { $pk }，RowKey 取自 { $rk }，{ $copies }
context-saved-queries-imported = { $name }（已导入）
context-saved-queries-imported-n = { $name }（已导入 { $n }）
context-leases-available = 可用
context-leases-mine-infinite = 由此应用租用，无限期
context-leases-mine-expired = 已过期（按时钟计算；请刷新确认）
context-leases-mine-left = 由此应用租用，{ $seconds } 秒后过期
context-leases-other-infinite = 由其他客户端租用，无限期
context-leases-other-fixed = 由其他客户端租用，固定期限（最多 60 秒）
context-leases-expired = 已过期
context-leases-breaking-left = 正在中断，{ $seconds } 秒后中断
context-leases-breaking = 正在中断
context-leases-broken = 已中断
context-clipboard-drop-copy = 复制{ $what } · 松开 Ctrl 则移动
context-clipboard-drop-move = 移动{ $what } · 按住 Ctrl 则复制

## 大小与图表
widgets-format-size = { $value } { $unit ->
        [b] B
        [kib] KiB
        [mib] MiB
        [gib] GiB
       *[tib] TiB
    }
widgets-plot-seconds = 秒
widgets-plot-now = 现在
