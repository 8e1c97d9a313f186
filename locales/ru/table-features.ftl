# Возможности панели таблиц: запросы, секции, загрузка всего, сохраненные запросы, наблюдение (русский).

## Панель запроса: поле фильтра, шаблоны и конструктор фильтра

table-query-run = Выполнить запрос
table-query-per-page = на странице
table-query-size-per-page = { $size } на странице
table-query-presets = Шаблоны
table-query-presets-hint = Одна секция, префикс RowKey, последние 24 часа, только отображаемые столбцы
table-query-wrong-at = Ошибка в фильтре в позиции { $column }: { $message } Ничего не отправлено.
table-query-scan-point = Точечный запрос: одна сущность по ее ключам.
table-query-scan-partition = Читает только указанные в нем секции.
table-query-scan-range = Читает диапазон секций.
table-query-scan-table = Полный просмотр таблицы: нет условия по PartitionKey, поэтому читаются все секции.
table-query-builder = Конструктор фильтра
table-query-matched-here = И сопоставляется здесь: { $matches }. «{ $op }» выполняется здесь: читаются все страницы результата службы, ход выполнения и кнопка «Отмена» — под сеткой.
table-query-stop-matching = Не сопоставлять здесь
table-query-stop-matching-hint = Оставить только фильтр, который выполняет служба (затем «Выполнить запрос»)
table-query-presets-label = Шаблоны:
table-query-preset-partition = секция
table-query-one-partition = Одна секция
table-query-rowkey-prefix = Префикс RowKey
table-query-key-prefix = Префикс ключа
table-query-last-day = Последние 24 часа
table-query-select-shown = Получать только отображаемые столбцы ($select)
table-query-or-groups = или (группы)
table-query-and-groups = и (группы)
table-query-group-join = Группа { $n }: объединять через
table-query-and-group = и (группа { $n })
table-query-or-group = или (группа { $n })
table-query-remove-group = Удалить группу { $n }
table-query-property = Свойство { $name }
table-query-type = Тип { $name }
table-query-type-hint = Тип значения: Int64 записывается как 123L, DateTime — как datetime'…'
table-query-runs-here = { $op } (выполняется здесь)
table-query-operator = Оператор { $name }
table-query-operator-hint = «содержит», «начинается с», «заканчивается на» и «равно» без учета регистра — не операторы OData: они выполняются здесь, по каждой странице, которую отправляет служба
table-query-value = Значение { $name }
table-query-any-case = без учета регистра
table-query-any-case-of = Без учета регистра { $name }
table-query-remove = Удалить { $name }
table-query-add-condition = Добавить условие в группу { $n }
table-query-add-group = Добавить группу
table-query-groups-joined = Группы объединяются через
table-query-write = Записать фильтр
table-query-condition-wrong = Группа { $g }, условие { $c }: { $why }
table-query-here-in-or-group = Группа { $g }: условие «содержит», «начинается с», «заканчивается на» или «равно» (без учета регистра) сопоставляется здесь, по строкам, которые отправляет служба, поэтому его можно объединить только через «и». Объедините группу через «и» или перенесите эти условия в отдельную группу.
table-query-here-in-or-groups = Группа { $g }: условие «содержит», «начинается с», «заканчивается на» или «равно» (без учета регистра) сопоставляется здесь, по строкам, которые отправляет служба, поэтому его можно объединить только через «и». Объедините группы через «и».

## Что выполняется здесь: содержит, начинается с, заканчивается на, равно без учета регистра

table-row-match-contains = содержит
table-row-match-starts-with = начинается с
table-row-match-ends-with = заканчивается на
table-row-match-equals = равно
table-row-match-one = { $property } { $op } '{ $value }'
table-row-match-one-any-case = { $property } { $op } '{ $value }' (без учета регистра)
table-row-match-and = и
table-row-match-or = или

## Панель: ее собственные действия над выбранными строками

table-pane-one-edit = Сохраните или закройте правку ({ $pk }, { $rk }), прежде чем изменять другую сущность.
table-pane-edit = Изменить…
table-pane-copy-tsv = Копировать как TSV
table-pane-clone = Клонировать…

## Загрузка всего

table-load-all-every-page = Чтение всех страниц { $table } («{ $op }» выполняется здесь)
table-load-all-title = Загрузка всего из { $table }
table-load-all-gone = вкладка таблицы больше не показывает этот запрос (выполнен другой или вкладка закрыта); нажмите «Загрузить все» во вкладке
table-load-all-nothing = больше нечего загружать
table-load-all-op = Загрузка всего
table-load-all-done = { $entities ->
        [one] { $entities } сущность
        [few] { $entities } сущности
       *[many] { $entities } сущностей
    } на { $pages ->
        [one] { $pages } странице
       *[other] { $pages } страницах
    }

## Карта секций

table-partitions-summary = Крупнейшая секция: { $pk }, { $entities ->
        [one] { $entities } сущность
        [few] { $entities } сущности
        [many] { $entities } сущностей
       *[other] { $entities } сущности
    } ({ $share }% из { $total }); { $partitions ->
        [one] { $partitions } секция
        [few] { $partitions } секции
        [many] { $partitions } секций
       *[other] { $partitions } секции
    }
table-partitions-none = Нет сущностей для подсчета.
table-partitions-counted-whole = { $summary } (подсчитано по всей таблице)
table-partitions-counted-loaded = { $summary } (подсчитано по загруженным строкам)
table-partitions-hot = Риск «горячей» секции: одна секция содержит { $share }% строк, поэтому все ее операции чтения и записи приходятся на один сервер. Распределите ключи, если это реальная нагрузка.
table-partitions-bars = сущностей в секции
table-partitions-copy = Копировать число сущностей по секциям
table-partitions-click-bar = Щелкните столбец, чтобы запросить только эту секцию.
table-partitions-as-text = Число сущностей по секциям в виде текста
table-partitions-scan-title = Просмотр секций { $table }
table-partitions-scan-op = Просмотр секций
table-partitions-map = Карта секций
table-partitions-map-hint = Карта секций: как загруженные строки (или вся таблица) распределены по секциям, рядом с сеткой
table-partitions-title = Секции
table-partitions-scan = Просмотреть всю таблицу
table-partitions-scan-hint = Подсчитывает все секции (читается только PartitionKey) в виде задания
table-partitions-back = Вернуться к загруженным строкам
table-partitions-no-rows = Нет загруженных строк для подсчета: выполните запрос или просмотрите всю таблицу.
table-partitions-counting = Подсчет…

## Сохраненные запросы (воронка на панели инструментов)

table-saved-query-menu-no-filter = Сначала введите фильтр: сохранять нечего.
table-saved-query-menu-matching = То, что выполняется здесь («содержит», без учета регистра…), не сохраняется, только $filter: сначала отключите сопоставление здесь.
table-saved-query-menu-no-name = Введите имя, под которым сохранить запрос.
table-saved-query-menu-title = Сохраненные запросы
table-saved-query-menu-hint = сохранить фильтр под именем или выполнить сохраненный
table-saved-query-menu-save-as = Сохранить как:
table-saved-query-menu-a-name = имя
table-saved-query-menu-replace = Заменить `{ $name }`
table-saved-query-menu-save = Сохранить этот запрос
table-saved-query-menu-saves = Сохраняет `{ $filter }`
table-saved-query-menu-none = Сохраненных запросов пока нет.
table-saved-query-menu-runs = Выполняет `{ $filter }` здесь (сохранен в { $table })
table-saved-query-menu-remove-ask = Удалить `{ $name }`?
table-saved-query-menu-remove-it = Удалить
table-saved-query-menu-keep-it = Оставить
table-saved-query-menu-remove = Удалить { $name }

## Сущность, загруженная только с отображаемыми столбцами

table-partial-save-op = Сохранение сущности
table-partial-no-removal = Эта строка загружена только с отображаемыми столбцами, поэтому удаление `{ $name }` здесь сохранить нельзя (слияние не трогает то, что ему не отправлено). Сначала загрузите сущность целиком, затем удалите свойство.
table-partial-note = Загружено только с отображаемыми столбцами (свойств здесь: { $count }): при сохранении объединяются только измененные вами свойства; остальные остаются в службе без изменений.
table-partial-load-whole = Загрузить сущность целиком
table-partial-loaded-whole = Сущность загружена целиком; ваши изменения наложены поверх нее.

## Подсчет сущностей (просмотр всей таблицы)

table-scan-count-title = Подсчет сущностей в { $table }
table-scan-count-op = Подсчет сущностей
table-scan-counted = { $count ->
        [one] { $count } сущность
        [few] { $count } сущности
        [many] { $count } сущностей
       *[other] { $count } сущности
    } в `{ $table }`

## Форма SAS и окно необработанного JSON

table-sas-hint = подписанный URL-адрес (SAS) для этой таблицы: разрешения, срок действия и диапазоны ключей
table-sas-no-policies = Хранимые политики доступа таблицы здесь не предлагаются: в Azurite 3.35, эмуляторе, на котором тестируется это приложение, их не на чем проверить.
table-raw-json-title = Необработанный JSON
table-raw-json-copy = Копировать JSON
table-raw-json-entity = JSON сущности

## Наблюдение

table-watch-view-tool = Наблюдение
table-watch-view-tool-hint = перечитывать загруженные строки каждые несколько секунд и отмечать изменения
table-watch-view-what = запрос загруженных строк, страница за страницей
table-watch-view-rows = строки
table-watch-view-list-at = рядом с сеткой
table-watch-view-next = Следующее изменение
table-watch-view-next-hint = Выбирает следующую отмеченную строку и прокручивает к ней
table-watch-view-changes-seen = Замеченные изменения
table-watch-view-new = Новая с последнего просмотра
table-watch-view-vanished = Исчезла: удалена или больше не соответствует фильтру (кнопка «Скрыть исчезнувшие» убирает ее)
table-watch-view-changed = Изменено: { $cell }
table-watch-view-written-again = Перезаписана с последнего просмотра
table-watch-none = (нет)
table-watch-appeared = { $who }: появилась, ETag { $etag }
table-watch-same-values = { $who }: перезаписана с теми же значениями, ETag { $etag }
table-watch-changed = { $who }: { $cells }, ETag { $etag }
table-watch-vanished = { $who }: исчезла (удалена или больше не соответствует фильтру)
table-watch-back = { $who }: снова появилась, ETag { $etag }

## Типы столбцов и двоичное значение в шестнадцатеричном виде

table-store-no-values = значения не загружены
table-store-type-in-rows = Edm.{ $ty } в строках: { $n }
table-store-type-clash = Конфликт типов: { $types }
table-property-hex = Шестнадцатеричное значение должно содержать четное число цифр 0–9 и a–f.
