# Панель таблиц: сетка, запросы, редактор сущностей и все возможности панели (русский).

## Редактор сущности

table-editor-insert = Вставить сущность
table-editor-save = Сохранить сущность
table-editor-saved-earlier = Сохранено то, что было в форме при нажатии «Сохранить». Ваши последующие изменения ниже и еще не сохранены.
table-editor-new-entity = Новая сущность
table-editor-entity = Сущность ({ $pk }, { $rk })
table-editor-confirm-close = Закрыть редактор ({ $pk }, { $rk }) без сохранения? Изменения ниже будут потеряны.
table-editor-discard-close = Отменить изменения и закрыть
table-editor-keep-editing = Продолжить правку
table-editor-etag = ETag: { $etag }
table-editor-etag-new = (новая сущность)
table-editor-property-n = свойство { $n }
table-editor-unreadable-typed = { $json } (нечитаемое значение { $ty })
table-editor-unreadable = { $json } (нечитаемое значение)
table-editor-unreadable-hint = { $why }. Сохраняется точно в полученном виде и записывается обратно без изменений; это приложение не может его изменить.
table-editor-remove = Удалить { $key }
table-editor-name-of = Имя: { $key }
table-editor-type-of = Тип: { $key }
table-editor-as-base64 = как Base64
table-editor-as-hex = как hex
table-editor-now-for = Текущее время для { $key }
table-editor-new-guid = Новый GUID для { $key }
table-editor-value-of = Значение: { $key }
table-editor-add-property = Добавить свойство
table-editor-save-as = Сохранить как:
table-editor-replace = Замена (сущность станет именно такой)
table-editor-merge = Слияние (изменятся только эти свойства)
table-editor-save-key = Ctrl+S
table-editor-close = Закрыть редактор
table-editor-conflict-changed-under = Изменено в службе после открытия ({ $names }; теперь ETag { $etag }): сохранение будет отклонено.
table-editor-conflict-reapply = Перезагрузить и повторно применить мои изменения
table-editor-conflict-title = Кто-то другой изменил эту сущность после того, как вы ее загрузили.
table-editor-conflict-fetching = Получение их версии…
table-editor-conflict-gone = Ее удалили. Вставьте свою версию снова или отмените правку.
table-editor-conflict-their-etag = Их ETag: { $etag }
table-editor-conflict-property = Свойство
table-editor-conflict-yours = Ваше
table-editor-conflict-theirs = Их (сейчас на сервере)
table-editor-conflict-absent = (отсутствует)
table-editor-conflict-insert-again = Вставить мою снова
table-editor-conflict-overwrite = Все равно перезаписать (If-Match *)
table-editor-conflict-discard = Отменить мою

## Панель сведений

table-details-select = Выберите сущность, чтобы увидеть ее свойства. Enter или двойной щелчок открывает ее для правки.
table-details-selected = { $count ->
        [one] Выбрана { $count } сущность. Выберите одну, чтобы увидеть ее свойства.
        [few] Выбрано { $count } сущности. Выберите одну, чтобы увидеть ее свойства.
        [many] Выбрано { $count } сущностей. Выберите одну, чтобы увидеть ее свойства.
       *[other] Выбрано { $count } сущности. Выберите одну, чтобы увидеть ее свойства.
    }
table-details-edit = Изменить эту сущность
table-details-edit-hint = Enter или двойной щелчок по ее строке
table-details-none = (нет)
table-details-partial = Прочитаны только столбцы, выбранные запросом: могут существовать и другие свойства.
table-details-property = Свойство { $name }
table-details-property-type = { $name }: тип { $ty }
table-details-no-properties = Нет свойств, кроме ключей.

## Сетка, ее панель инструментов и нижняя строка

table-grid-load-more = Загрузить еще
table-grid-load-all = Загрузить все
table-grid-cancel-loading = Отменить загрузку
table-grid-cancel-loading-hint = Прекратить чтение страниц; полученное останется, и «Загрузить все» продолжит с этого места
table-grid-more-available = есть еще
table-grid-loading = загрузка…
table-grid-all-loaded = загружено все
table-grid-shown = {" "}· показано: { $count }
table-grid-matched = Совпало здесь: { $count } из { $read } прочитанных сущностей
table-grid-loaded = Загружено сущностей: { $count }
table-grid-status = { $loaded }, страниц: { $pages } · { $more }{ $shown } · выбрано: { $selected }
table-grid-add = Добавить сущность
table-grid-needs-one = выберите одну строку
table-grid-edit = Изменить
table-grid-clone = Клонировать
table-grid-clone-hint = новая сущность на основе выбранной
table-grid-raw-json = Исходный JSON
table-grid-raw-json-hint = сущность в том виде, в каком ее прислала служба
table-grid-open-lab = Открыть в лаборатории конфликтов
table-grid-copy-json = Копировать как JSON
table-grid-copy-json-hint = выбранные строки
table-grid-copy-tsv = Копировать как TSV
table-grid-copy-tsv-hint = выбранные строки, для электронной таблицы
table-grid-columns = Столбцы…
table-grid-columns-hint = какие столбцы показывать и в каком порядке
table-grid-find-hint = Найти в загруженных строках… (Ctrl+F)
table-grid-find-name = Найти в загруженных строках:
table-grid-find-more = Содержит, в любом показанном столбце; в службу не отправляется
table-grid-sorting = сортировка и фильтрация…
table-grid-unreadable = { $shown } [нечитаемое значение]
table-grid-unreadable-typed = { $shown } [нечитаемое значение { $ty }]
table-grid-unreadable-hint = { $why }. Показано в полученном виде; редактор сохраняет его без изменений и не может его изменить.
table-grid-odd-type = Здесь { $ty }; большинство значений { $name } имеют тип { $main }
table-grid-columns-title = Столбцы
table-grid-columns-explain = Показывайте, скрывайте и упорядочивайте столбцы. Наведите указатель на заголовок, чтобы увидеть его тип Edm.
table-grid-move-up = Переместить { $name } вверх
table-grid-move-down = Переместить { $name } вниз

## Удаление выбранных строк

table-delete-rows-job = Удаление { $count ->
        [one] { $count } сущности
       *[other] { $count } сущностей
    } из { $table }
table-delete-rows-op = Удаление
table-delete-rows-done = { $count ->
        [one] удалена { $count } сущность
        [few] удалено { $count } сущности
       *[other] удалено { $count } сущностей
    }
table-delete-rows-done-gone = { $count ->
        [one] удалена { $count } сущность
        [few] удалено { $count } сущности
       *[other] удалено { $count } сущностей
    }; уже отсутствовали: { $gone }
table-delete-rows-button = Удалить выбранное
table-delete-rows-button-hint = сначала спросит
table-delete-rows-offer = Удалить выбранное…
table-delete-rows-body = Секций: { $partitions }. Каждая секция удаляется пакетами до 100 сущностей по принципу «все или ничего». Сущность удаляется, только если ее ETag все еще совпадает (чужое изменение не потеряется).
table-delete-rows-title = Удалить { $count ->
        [one] { $count } сущность
        [few] { $count } сущности
       *[other] { $count } сущностей
    } из `{ $table }`?
table-delete-rows-yes = Удалить { $count ->
        [one] { $count } сущность
        [few] { $count } сущности
       *[other] { $count } сущностей
    }

## Изменение многих сущностей сразу

table-bulk-job-selected = { $change ->
        [set] задать { $name } для выбранных сущностей ({ $count }) таблицы `{ $table }`
        [remove] удалить { $name } из выбранных сущностей ({ $count }) таблицы `{ $table }`
       *[delete] удалить выбранные сущности ({ $count }) таблицы `{ $table }`
    }
table-bulk-job-matching = { $change ->
        [set] задать { $name } для каждой сущности таблицы `{ $table }`, соответствующей запросу
        [remove] удалить { $name } из каждой сущности таблицы `{ $table }`, соответствующей запросу
       *[delete] удалить каждую сущность таблицы `{ $table }`, соответствующую запросу
    }
table-bulk-job-entities = сущностей
table-bulk-job-deleted = Удалено
table-bulk-job-changed = Изменено
table-bulk-job-changed-why = изменились после чтения (их ETag больше не совпадал)
table-bulk-job-unchanged = без этого свойства
table-bulk-job-op = Изменение сущностей таблицы `{ $table }`
table-bulk-no-name = Укажите имя изменяемого свойства.
table-bulk-system-property = { $name } нельзя изменить: это ключ сущности или его задает служба.
table-bulk-bad-value = Значение не является { $ty }: { $why }
table-bulk-partial = Эти строки загружены только с показанными столбцами ($select): удаление свойства записывает сущность целиком, поэтому сначала выполните запрос без «Получать только показанные столбцы».
table-bulk-scope-selected = Выбранные строки ({ $count }) в том виде, в каком они были загружены.
table-bulk-matched-here = {" "}и совпадение здесь: { $what }
table-bulk-no-filter = без фильтра: вся таблица
table-bulk-scope-all = Каждая сущность, соответствующая запросу ({ $filter }{ $here }), загруженная или нет: страницы службы читаются одна за другой, и в памяти хранится только текущая.
table-bulk-set = Задать свойство
table-bulk-remove = Удалить свойство
table-bulk-delete = Удалить их
table-bulk-property-name = Имя свойства
table-bulk-property-type = Тип свойства
table-bulk-value = Значение
table-bulk-set-how = Слияние (Merge) только этого свойства, для каждой сущности — только если ее ETag все еще совпадает с прочитанным.
table-bulk-remove-how = Замена (Replace) сущности в прочитанном виде без этого свойства, только если ее ETag все еще совпадает: слияние не может удалить свойство.
table-bulk-delete-how = Каждая сущность удаляется, только если ее ETag все еще совпадает с прочитанным.
table-bulk-batches = Пакеты до 100 сущностей одной секции и до 4 МиБ (большие сущности идут меньшими пакетами); сущность, которую кто-то изменил за это время, пропускается и учитывается, остальные обрабатываются дальше. «Отмена» сохраняет сделанное, «Продолжить» продолжает с этого места.
table-bulk-unsaved = изменение многих сущностей, еще не запущенное
table-bulk-offer-one = Изменить свойство выбранной сущности…
table-bulk-offer = Изменить выбранные сущности ({ $count })…
table-bulk-all-loaded-selected = Выбраны все загруженные строки ({ $count }).
table-bulk-select-all-matching = Выбрать все, что соответствует запросу
table-bulk-all-matching-selected = Выбраны все сущности, соответствующие запросу, загруженные или нет.
table-bulk-change-all = Изменить все совпадения…
table-bulk-only-loaded = Только загруженные строки
table-bulk-title-selected = Изменение сущностей ({ $count }) таблицы `{ $table }`
table-bulk-yes-selected = Изменить { $count ->
        [one] { $count } сущность
        [few] { $count } сущности
       *[other] { $count } сущностей
    }
table-bulk-title-all = Изменить каждую сущность таблицы `{ $table }`, соответствующую запросу
table-bulk-yes-delete-all = Удалить все соответствующие сущности
table-bulk-yes-change-all = Изменить все соответствующие сущности

## Импорт

table-import-unsaved = импорт { $path }, настроенный, но не запущенный
table-import-bad-counter = Первое число счетчика `{ $start }` не является целым числом от 0.
table-import-title = Импорт в { $table }
table-import-from = Из { $path }: строк — { $rows }, столбцов — { $columns }.
table-import-into = Куда:
table-import-this-table = эта таблица, { $table }
table-import-new-table = новая таблица
table-import-new-table-name = Имя новой таблицы:
table-import-name-hint = буквы и цифры
table-import-already-there = Уже существующие сущности:
table-import-start = Начать импорт
table-import-cancel = Отменить импорт
table-import-key-column = Столбец { $key }
table-import-no-columns = (нет столбцов)
table-import-pk-column = PartitionKey из столбца
table-import-pk-fixed = одинаковый для всех строк
table-import-pk-fixed-name = Фиксированный PartitionKey:
table-import-rk-column = RowKey из столбца
table-import-counter = счетчик
table-import-counter-hint = Дополняется нулями до одной ширины, чтобы ключи сортировались как числа
table-import-counter-start = Начало счетчика:
table-import-guid = новый GUID для каждой строки
table-import-column-types = Типы столбцов, если их не задаёт файл, определяются по первым { $rows } строкам, и только там, где каждое значение было бы записано тем же текстом (более поздняя строка, значение которой не подходит к типу столбца, не записывается, а отчёт называет её строку в файле); столбец, из которого берутся ключи, повторно не записывается:
table-import-inferred = { $ty } (определен)
table-import-type-of = Тип { $name }
table-import-example = напр. { $value }
table-import-preview = Предварительный просмотр: первые строки ({ $count }) в том виде, в каком они будут записаны
table-import-line = Строка
table-import-properties = Свойства
table-import-new-guid = (новый GUID)
table-import-not-written = не записано: { $why }
table-import-exists = Таблица { $table } уже существует: импортируйте в нее с ее собственной вкладки или выберите другое имя. { $message }
table-import-report = {" "}Все пропущенные и неудачные строки перечислены в { $path }.
table-import-done = Импорт в { $table }: записано { $count }
table-import-done-skipped = , пропущено { $count } (уже существуют: строки { $lines })
table-import-done-failed = , с ошибкой { $count }
table-import-done-first = {" "}(строки { $lines }; строка { $line }: { $why })
table-import-done-end = .
table-import-not-built = не построены
table-import-plan-as-file = как указано в файле
table-import-plan-leave-out = не импортировать
table-import-plan-insert-only = Только вставка: пропускать существующие сущности
table-import-plan-merge = Слияние с существующими сущностями
table-import-plan-replace = Замена существующих сущностей
table-import-plan-unreadable = Не удается прочитать { $path } ({ $why }).
table-import-plan-file-changed = { $path } изменился после того, как был прочитан для этого импорта: откройте «Импорт» снова, чтобы увидеть и задать типы для него в нынешнем виде.
table-import-plan-not-json = Файл не является массивом сущностей JSON: { $why }
table-import-plan-bad-header = Не удается прочитать заголовок CSV: { $why }
table-import-plan-bad-line = Не удается прочитать строку { $line } файла CSV: { $why }
table-import-plan-empty-key = ее { $key } (столбец { $column }) пуст
table-import-plan-no-key-column = в файле нет столбца, из которого можно взять { $key }
table-import-plan-not-edm = `{ $ty }` не является типом Edm (столбец { $name }@type)
table-import-plan-op = Импорт

## История сущности

table-history-loaded = загружена
table-history-watched = при наблюдении
table-history-saved = сохранена здесь
table-history-one = История: замечена одна версия
table-history-one-explain = Версии сохраняются с момента появления второй: после перезагрузки, при наблюдении или после сохранения здесь.
table-history-title = История: версий за этот запуск — { $count }
table-history-no-etag = ETag нет
table-history-same = Версии { $a } и { $b }: одинаковые данные
table-history-changed = Версии с { $a } по { $b }: { $changes }

## Файлы экспорта и импорта

table-files-cannot-import = Не удается импортировать файл: { $why }
table-files-menu = Экспорт / импорт
table-files-menu-hint = строки в файл CSV или JSON либо строки файла в таблицу
table-files-export-as = Экспортировать как:
table-files-export-shown = Экспортировать показанные строки…
table-files-export-shown-hint = Строки, которые сейчас показывает сетка (с учетом быстрого фильтра и сортировки), со всеми их свойствами
table-files-export-query = Экспортировать весь запрос…
table-files-import = Импорт…
table-files-import-hint = Файл CSV или JSON в эту таблицу или в новую: выбор ключей, типов и действий при конфликтах, с предварительным просмотром
table-files-import-dialog = Импорт сущностей
table-files-export-dialog = Экспорт сущностей
table-files-export-job = Экспорт { $table } ({ $format })
table-files-export-query-job = Экспорт запроса к { $table }
table-files-export-op = Экспорт
table-files-written = Записано сущностей в { $path }: { $count }
table-io-csv-typed = CSV с типами
table-io-csv-plain = CSV, только значения
table-io-json = JSON
table-io-export-op = Экспорт в { $path }
table-io-read-op = Чтение { $path }
table-io-needs-keys = В CSV нужны столбцы PartitionKey и RowKey.
table-io-already-there = уже существует (только вставка)
table-io-report = Записано сущностей: { $written }, пропущено строк: { $skipped }, строк с ошибкой: { $failed }.
table-io-report-line = строка { $line } ({ $keys }) { $what ->
        [skipped] пропущена
       *[failed] ошибка
    }: { $why }

## Закрытие вкладки

table-closing-edit = правка сущности ({ $pk }, { $rk })

## Сравнение: две сущности, меню «Сравнить», таблица индекса

table-compare-none = нет
table-compare-version = { $side ->
        [left] Слева
       *[right] Справа
    }: ETag { $etag }, Timestamp { $when }
table-compare-title = Сравнение сущностей
table-compare-same = Совпадают по каждому свойству и типу.
table-compare-differ = Различаются свойства: { $count } из { $total } (значение или тип).
table-compare-only-differences = Только различия
table-compare-property = Свойство
table-compare-left = Слева: { $what }
table-compare-right = Справа: { $what }
table-compare-no-such = (нет такого свойства)
table-compare-differs = { $name } (различается)
table-comparing-two = Сравнить две выбранные строки
table-comparing-two-hint = Выберите две строки (Ctrl+щелчок)
table-comparing-pick-row = Выбрать строку для сравнения
table-comparing-pick-row-hint = Затем на любой вкладке таблицы любой учетной записи сравните с ней строку
table-comparing-pick-query = Выбрать этот запрос для сравнения таблиц
table-comparing-pick-query-hint = Затем на вкладке таблицы любой учетной записи сравните ее запрос с этим построчно
table-comparing-pick-query-off = Сначала выполните запрос; запрос с частью, проверяемой здесь (содержит, начинается с…), сравнить нельзя: сравнение читает только фильтр службы
table-comparing-file = Сравнить с экспортированным файлом…
table-comparing-file-hint = Файл CSV или JSON в том виде, в каком его записал экспорт (типизированный CSV и JSON сохраняют типы), с этим запросом
table-comparing-file-dialog = Сравнить с экспортированным файлом
table-comparing-index = Сравнить с таблицей индекса…
table-comparing-index-hint = Проверить таблицу индекса, которую ведет приложение: отсутствующие записи, лишние записи, устаревшие копии
table-comparing-with-query = Сравнить этот запрос с выбранным ({ $place })
table-comparing-with-row = Сравнить с выбранной строкой ({ $place } / { $pk } / { $rk })
table-comparing-menu = Сравнить
table-comparing-menu-hint = две строки, эту таблицу с другой или с файлом
table-index-view-title = Сравнение с таблицей индекса
table-index-view-explain = Каждой строке { $table } (всей таблицы) должна соответствовать одна запись в таблице индекса с ключом из одного из ее свойств и копиями других.
table-index-view-table = Таблица индекса:
table-index-view-table-hint = напр. customersByEmail
table-index-view-pk = Ее PartitionKey из:
table-index-view-pk-hint = свойство, напр. Email
table-index-view-rk = Ее RowKey из:
table-index-view-rk-hint = RowKey или свойство
table-index-view-copies = Копируемые свойства:
table-index-view-compare = Сравнить с индексом
table-index-view-left = { $table } ({ $account }) в виде записей индекса: { $map }
table-index-view-file = { $name } (экспортированный файл)

## Сравнение таблиц

table-diff-only-left = только слева
table-diff-only-right = только справа
table-diff-differs-in = различается: { $names }
table-diff-differs = различается
table-diff-op = Сравнение таблиц
table-diff-out-of-order = строки { $place } пришли не в порядке ключей ({ $pk } / { $rk } после { $last_pk } / { $last_rk }), поэтому их нельзя объединить; для сравнения нужен порядок службы
table-diff-file-op = Сравнение с файлом
table-diff-file-unreadable = Не удалось прочитать записи { $path } ({ $count }); первая — запись { $record } ({ $keys }): { $why }.
table-diff-file-stopped = чтение { $path } неожиданно прекратилось
table-diff-copy-op = Копирование различий
table-diff-copy-wrote = записано строк в { $place }: { $written } из { $total }
table-diff-copy-skipped = ; пропущено { $count }, так как цель изменилась после сравнения (добавлены, изменены или удалены там): { $keys }. Сравните снова, чтобы увидеть их текущее состояние
table-diff-view-where = { $place }, где { $filter }
table-diff-view-counts = Только слева: { $left } · только справа: { $right } · различаются: { $different } · совпадают: { $same }
table-diff-view-read = (прочитано строк: слева { $left }, справа { $right })
table-diff-view-comparing = Сравнение… (обе стороны читаются одновременно, в порядке ключей)
table-diff-view-same = Обе стороны содержат одинаковые строки с одинаковыми данными.
table-diff-view-too-many = Различий: { $count }. Перечислены и копируются первые { $kept }; скопируйте, затем сравните снова, чтобы получить остальные
table-diff-view-show = Показать:
table-diff-view-all = Все различия
table-diff-view-only-left = Только слева
table-diff-view-only-right = Только справа
table-diff-view-different = Различающиеся
table-diff-view-copy-json = Копировать различия как строки JSON
table-diff-view-partial = Одна из сторон прочитана только с показанными столбцами ($select): копирование отключено, так как замена удалила бы остальные свойства. Отключите «Получать только показанные столбцы» и сравните снова, чтобы копировать.
table-diff-view-index = Только слева: записи, отсутствующие в индексе · только справа: записи индекса, указывающие в никуда · различаются: устаревшие копии. «Копировать слева направо» добавляет отсутствующие записи и сливает копии с устаревшими (их собственные свойства остаются); ничего не удаляется.
table-diff-view-copy = { $way ->
        [left] Копировать слева направо
       *[right] Копировать справа налево
    } (записей: { $count })…
table-diff-view-copy-hint = Вставляет строки, которых нет в цели, и заменяет различающиеся; ничего не удаляет
table-diff-view-copying = Копирование… (см. список действий)
table-diff-view-confirm-body = Строки из { $source } ({ $count }) будут записаны в { $target }: вставлены, где их нет, и заменены, где они различаются, — каждая, только если цель все еще содержит то, что прочитало сравнение (If-Match по ее ETag). Строки, которые есть только в { $target }, не удаляются.
table-diff-view-confirm-title = Записать строки ({ $count }) в { $target }?
table-diff-view-confirm-yes = Записать { $count ->
        [one] { $count } строку
        [few] { $count } строки
       *[other] { $count } строк
    }
table-diff-view-copy-job = Копирование различающихся строк ({ $count }) в { $target }
table-diff-view-job = Сравнение { $left } с { $right }
table-diff-view-done = только слева: { $left }, только справа: { $right }, различаются: { $different }, совпадают: { $same }
