# Панель BLOB-объектов: контейнеры, BLOB-объекты, их сведения и все возможности панели (русский).

## Панель сведений

blob-details-loading = Загрузка свойств…
blob-details-size = Размер
blob-details-size-value = { $size } ({ $bytes ->
        [one] { $bytes } байт
        [few] { $bytes } байта
        [many] { $bytes } байт
       *[other] { $bytes } байта
    })
blob-details-none = (нет)
blob-details-blob-type = Тип BLOB-объекта
blob-details-access-tier = Уровень доступа
blob-details-lease-state = Состояние аренды
blob-details-lease-status = Статус аренды
blob-details-lease-duration = Срок аренды
blob-details-created = Создан
blob-details-copy-status = Состояние копирования
blob-details-not-a-copy = (нет: не копия)
blob-details-container = Контейнер { $container }
blob-details-select = Выберите BLOB-объект, чтобы увидеть его свойства, аренду и моментальные снимки.

## Форма метаданных и заголовков

blob-details-form-saved = `{ $blob }` сохранен; его ETag теперь { $etag }
blob-details-form-unsaved = метаданные и заголовки `{ $blob }`
blob-details-form-save = Сохранить свойства
blob-details-form-still-loading = Свойства `{ $blob }` еще загружаются; сохраните, когда они появятся.
blob-details-form-save-of = Сохранение свойств `{ $blob }`
blob-details-form-heading = Метаданные и HTTP-заголовки (сохраняются с If-Match, равным ETag, с которого началась правка)
blob-details-form-moved = изменено в службе после начала правки: теперь { $now }
blob-details-form-stale = BLOB-объект изменился в службе после начала правки (ETag { $version }, теперь { $now }): сохранение будет отклонено. Перезагрузите и повторно примените свои изменения к его версии или перезапишите его.
blob-details-form-discard = Отменить мои изменения
blob-details-form-refused = Кто-то другой изменил этот BLOB-объект после того, как вы его загрузили: сохранение отклонено (412).
blob-details-form-field = Поле
blob-details-form-yours = Ваше
blob-details-form-theirs = Их (сейчас в службе)
blob-details-form-metadata = Метаданные
blob-details-form-reapply = Перезагрузить и повторно применить мои изменения
blob-details-form-overwrite = Все равно перезаписать (без If-Match)
blob-details-form-discard-mine = Отменить мое

## Собственные параметры контейнера

blob-container-edit-unsaved = параметры контейнера `{ $container }`
blob-container-edit-public = ОБЩЕДОСТУПНЫЙ (доступ { $access })
blob-container-edit-lease = Аренда контейнера: { $lease }
blob-container-edit-delete = Удалить контейнер…
blob-container-edit-last-modified = Последнее изменение: { $time }
blob-container-edit-etag = ETag: { $etag }
blob-container-edit-delete-title = Удалить контейнер `{ $container }`?
blob-container-edit-delete-body = Будут удалены контейнер и все BLOB-объекты в нем. Для арендованного контейнера нужен идентификатор аренды этого приложения.
blob-container-edit-delete-yes = Удалить { $container }
blob-container-edit-deleted = Контейнер `{ $container }` удален; закройте эту вкладку.
blob-container-edit-access = Общий доступ:
blob-container-edit-set-access = Задать общий доступ
blob-container-edit-set-access-hint = Только если контейнер не изменился с момента показа (If-Unmodified-Since), с арендой этого приложения
blob-container-edit-access-moved = Общий доступ изменился в службе после начала правки: теперь { $now }
blob-container-edit-metadata = Метаданные контейнера:
blob-container-edit-save-metadata = Сохранить метаданные контейнера
blob-container-edit-save-metadata-hint = Set Container Metadata не принимает условие по ETag: контейнер читается снова непосредственно перед записью, и сохранение отклоняется, если его ETag не тот, с которого началась правка (изменение, пришедшее в промежутке, не отслеживается). С арендой этого приложения.
blob-container-edit-metadata-moved = Метаданные контейнера изменились в службе после начала правки.
blob-container-edit-reapply = Перезагрузить и повторно применить мои изменения контейнера
blob-container-edit-stale = Контейнер изменился в службе после начала правки. Сначала перезагрузите и повторно примените свое изменение.
blob-container-edit-access-set = Общий доступ к `{ $container }` теперь: { $access }.
blob-container-edit-save-metadata-of = Сохранение метаданных `{ $container }`
blob-container-edit-etag-moved = ETag контейнера — { $etag }, а не { $version }, как в начале правки
blob-container-edit-metadata-saved = Метаданные `{ $container }` сохранены.

## Добавочные BLOB-объекты и страничные BLOB-объекты

blob-append-page-tool = Новый BLOB-объект
blob-append-page-tool-hint = пустой добавочный или страничный BLOB-объект в показанной папке
blob-append-page-appended = В `{ $blob }` добавлено байт: { $bytes }, по смещению { $offset }; блоков теперь: { $blocks }
blob-append-page-nothing = Нечего добавлять в `{ $blob }`
blob-append-page-clear-title = Очистить страницы `{ $blob }` (байт: { $bytes })?
blob-append-page-clear-body = Байты с { $from } по { $to } в `{ $blob }` будут читаться как нули и не будут содержать данных; то, что в них сейчас, будет потеряно, если это не сохраняет моментальный снимок. Отправляется, только если `{ $blob }` все еще в показанной версии (If-Match).
blob-append-page-clear-yes = Очистить (байт: { $bytes })
blob-append-page-created-page = Создан страничный BLOB-объект `{ $blob }` (байт: { $bytes })
blob-append-page-created-append = Создан добавочный BLOB-объект `{ $blob }`
blob-append-page-append = Добавление
blob-append-page-length-loading = Длина BLOB-объекта еще загружается: добавьте, когда она появится (или снимите флажок «только в показанный конец»).
blob-append-page-append-job = Добавить { $file } в { $blob }
blob-append-page-append-job-done = { $size } добавлено в `{ $blob }` по смещению { $offset }; блоков теперь: { $blocks }
blob-append-page-write = Запись страниц
blob-append-page-props-loading = Свойства BLOB-объекта еще загружаются: запишите, когда они появятся (запись выполняется при условии, что версия та же, что показана).
blob-append-page-write-job = Записать { $file } в страницы { $blob }
blob-append-page-write-job-done = в страницы `{ $blob }` записано байт: { $bytes }, по смещению { $offset }
blob-append-page-cleared = Очищены байты { $from }–{ $to } в `{ $blob }`; его ETag теперь { $etag }
blob-append-page-clear = Очистка страниц
blob-append-page-new = Новый BLOB-объект:
blob-append-page-name = имя
blob-append-page-append-blob = добавочный
blob-append-page-page-blob = страничный
blob-append-page-of-bytes = байт:
blob-append-page-type-name = Введите имя нового BLOB-объекта
blob-append-page-not-pages = Размер страничного BLOB-объекта кратен 512 байтам; { $bytes } — нет
blob-append-page-create = Создать BLOB-объект
blob-append-page-text = Текст для добавления:
blob-append-page-at-end = только в показанный конец
blob-append-page-at-end-position = только в показанный конец (позиция { $position })
blob-append-page-at-end-hint = x-ms-blob-condition-appendpos: отклоняется (412), если кто-то уже добавил данные
blob-append-page-max-size = макс. размер (0 — без ограничения):
blob-append-page-append-text = Добавить текст
blob-append-page-append-text-hint = Текст остается в поле, пока не будет добавлен
blob-append-page-unsaved = текст для добавления ({ $bytes } байт), еще не добавленный
blob-append-page-rest-kept = В поле остались только { $bytes } байт, которые не были добавлены: «Добавить текст» отправит их следующими.
blob-append-page-append-file = Добавить файл…
blob-append-page-ranges = Диапазоны страниц
blob-append-page-reading = чтение…
blob-append-page-no-pages = Страницы не записаны: все байты ({ $size }) — нули.
blob-append-page-held = Байт с данными: { $held } из { $size }: { $ranges }
blob-append-page-offset = Записать по смещению:
blob-append-page-write-file = Записать страницы из файла…
blob-append-page-write-file-hint = Сначала проверяется весь файл (целые страницы по 512 байт, умещающиеся в BLOB-объекте), затем он записывается фрагмент за фрагментом, только в показанную версию (If-Match)
blob-append-page-offset-aligned = Смещение должно быть кратно 512
blob-append-page-clear-bytes = Очистить байт:
blob-append-page-clear-pages = Очистить страницы…
blob-append-page-clear-pages-hint = Начиная со смещения выше: эти страницы снова читаются как нули. Сначала запрашивается подтверждение; выполняется, только если BLOB-объект все еще в показанной версии (If-Match)
blob-append-page-pick-append = Добавить файл
blob-append-page-pick-pages = Записать страницы файла

## Копирование, вырезание, вставка и переименование

blob-copy-paste-move-job = Переместить { $what } в { $container }/{ $prefix }
blob-copy-paste-copy-job = Копировать { $what } в { $container }/{ $prefix }
blob-copy-paste-rename = Переименовать
blob-copy-paste-copy = Копировать
blob-copy-paste-cut = Вырезать
blob-copy-paste-rename-offer = Переименовать…
blob-copy-paste-cut-said = Вырезано: { $what }. Откройте папку, в которую нужно вставить (любой контейнер, любая учетная запись), и нажмите «Вставить сюда».
blob-copy-paste-copied-said = Скопировано: { $what }. Откройте папку, в которую нужно вставить (любой контейнер, любая учетная запись), и нажмите «Вставить сюда».
blob-copy-paste-copy-hint = выбранные BLOB-объекты и папки, для вставки в любой контейнер любой учетной записи (Ctrl+C)
blob-copy-paste-cut-hint = перемещаются при вставке: каждый источник удаляется после копирования, если он все еще в скопированной версии (Ctrl+X)
blob-copy-paste-paste-hint = в показанную папку (Ctrl+V); если BLOB-объект уже там: { $choice }
blob-copy-paste-existing = Если BLOB-объект уже существует:
blob-copy-paste-options-hint = При вставке, если BLOB-объект уже существует: { $choice }
blob-copy-paste-options = Параметры вставки
blob-copy-paste-paste-what = Вставить сюда: { $what }
blob-copy-paste-paste = Вставить сюда
blob-copy-paste-rename-to = Новое имя:
blob-copy-paste-rename-hint = Копирование под новым именем (не поверх существующего BLOB-объекта), затем удаление этого, если он не изменился

## Удаление

blob-delete-delete = Удалить…
blob-delete-hint = выбранные BLOB-объекты (Delete)
blob-delete-title = { $count ->
        [one] Удалить { $count } BLOB-объект из `{ $container }`?
        [few] Удалить { $count } BLOB-объекта из `{ $container }`?
       *[other] Удалить { $count } BLOB-объектов из `{ $container }`?
    }
blob-delete-body = Каждый удаляется, только если он не изменился с момента получения списка (If-Match с его ETag); измененный после этого сохраняется и называется.
blob-delete-yes = { $count ->
        [one] Удалить { $count } BLOB-объект
        [few] Удалить { $count } BLOB-объекта
       *[other] Удалить { $count } BLOB-объектов
    }
blob-delete-with-snapshots = также удалить их моментальные снимки
blob-delete-force = даже если изменены после получения списка (без If-Match)
blob-delete-if-tags = Только те, чьи теги соответствуют:
blob-delete-some-unlisted = Выбранных BLOB-объектов, которых здесь больше нет в списке: { $count }. Удаление запрашивается только для остальных.
blob-delete-none-listed = Выбранных BLOB-объектов здесь больше нет в списке (обновите список, или папка изменилась): ничего не удалено. Выберите их снова.
blob-delete-job = { $count ->
        [one] Удаление { $count } BLOB-объекта из { $container }
       *[other] Удаление { $count } BLOB-объектов из { $container }
    }
blob-delete-op = Удаление BLOB-объектов
blob-delete-deleted = удалено BLOB-объектов: { $count }
blob-delete-already-gone = ; уже отсутствовали: { $count }
blob-delete-untagged = ; сохранено: { $count }, их теги не соответствуют ({ $names })
blob-delete-changed = { $done }; изменились после получения списка и сохранены: { $count } ({ $names }). Обновите список, чтобы увидеть их новую версию, затем удалите снова (или установите флажок «даже если изменены после получения списка»).

## Статистика папки (folder_stats.rs)

blob-folder-stats-no-tier = (без уровня)
blob-folder-stats-type-no-tier = { $kind } (без уровня)
blob-folder-stats-hint-shown = число и размер BLOB-объектов в показанной папке (на верхнем уровне — во всем контейнере) по уровням доступа
blob-folder-stats-hint-selected = число и размер BLOB-объектов в выбранных папках и BLOB-объектах по уровням доступа
blob-folder-stats-title = Статистика
blob-folder-stats-selected = выбранное ({ $count }: { $folders ->
        [one] { $folders } папка
        [few] { $folders } папки
        [many] { $folders } папок
       *[other] { $folders } папки
    }, { $blobs ->
        [one] { $blobs } BLOB-объект
        [few] { $blobs } BLOB-объекта
        [many] { $blobs } BLOB-объектов
       *[other] { $blobs } BLOB-объекта
    })
blob-folder-stats-whole = весь контейнер { $container }
blob-folder-stats-of = Статистика: { $scope } — { $blobs ->
        [one] { $blobs } BLOB-объект
        [few] { $blobs } BLOB-объекта
        [many] { $blobs } BLOB-объектов
       *[other] { $blobs } BLOB-объекта
    }, { $size }
blob-folder-stats-stop = Остановить
blob-folder-stats-close = Закрыть
blob-folder-stats-tier = { $tier }: { $size } в { $count ->
        [one] { $count } объекте
       *[other] { $count } объектах
    }
blob-folder-stats-by-tier = По уровням: { $tiers }
blob-folder-stats-newest = Последнее изменение: { $time } ({ $name })

## Скачивание папки (folder_download.rs)

blob-folder-download-op-journal = Запись журнала скачивания
blob-folder-download-op-download = Скачивание
blob-folder-download-skipped = ; пропущено (уже есть): { $count }
blob-folder-download-earlier = ; сохранено предыдущим запуском: { $count }
blob-folder-download-gone = ; удалено из контейнера за это время: { $count }
blob-folder-download-beside = ; сохранено рядом с файлом, появившимся во время скачивания (он сохранен): { $count } — { $files }
blob-folder-download-beside-link = ; сохранено рядом со ссылкой с тем же именем (по ссылке не переходим и не заменяем ее): { $count } — { $files }
blob-folder-download-item-saved = сохранен как { $file }
blob-folder-download-item-skipped = пропущен (уже есть)
blob-folder-download-item-gone = удален из контейнера за это время
blob-folder-download-item-not-done = не скачан: { $why }
blob-folder-download-summary = Сохранено BLOB-объектов в { $folder }: { $saved }{ $skipped }{ $earlier }{ $gone }{ $beside }
blob-folder-download-not-done = Не скачано BLOB-объектов: { $failed } из { $count }; первый, `{ $first }`: { $why }. Уберите то, что мешает, или скачайте в другую папку; повтор скачает только то, что не сохранено. ({ $summary })

## Поиск по тегам (find_tags.rs)

blob-find-tags-empty = Укажите, какие теги искать, или составьте условие и нажмите «Добавить условие».
blob-find-tags-tool = Найти по тегам
blob-find-tags-tool-hint = BLOB-объекты, теги индекса которых удовлетворяют условию, в этом контейнере или во всей учетной записи
blob-find-tags-label = Найти по тегам:
blob-find-tags-tag = Тег:
blob-find-tags-value = Значение:
blob-find-tags-add = Добавить условие
blob-find-tags-whole-account = Вся учетная запись
blob-find-tags-close = Закрыть результаты
blob-find-tags-in = в { $container }
blob-find-tags-in-account = в учетной записи
blob-find-tags-found = Найдено по тегам { $place }: { $count ->
        [one] { $count } BLOB-объект
        [few] { $count } BLOB-объекта
        [many] { $count } BLOB-объектов
       *[other] { $count } BLOB-объекта
    } — { $asked }
blob-find-tags-found-asking = Найдено по тегам { $place }: { $count ->
        [one] { $count } BLOB-объект
        [few] { $count } BLOB-объекта
        [many] { $count } BLOB-объектов
       *[other] { $count } BLOB-объекта
    } — { $asked } (запрос…)
blob-find-tags-more = Найти еще по тегам

## Сбои задания по BLOB-объектам (actions.rs)

blob-actions-failed = сбой
blob-actions-failures = { $words }; { $verb }: { $count } — { $names }. { $why }

## Изменение множества BLOB-объектов

blob-bulk-edit-set-metadata = Задать пару метаданных
blob-bulk-edit-remove-metadata = Удалить пару метаданных
blob-bulk-edit-set-tag = Задать тег индекса
blob-bulk-edit-remove-tag = Удалить тег индекса
blob-bulk-edit-set-header = Задать заголовок
blob-bulk-edit-set-tier = Задать уровень доступа
blob-bulk-edit-delete = Удалить их
blob-bulk-edit-name-metadata = Укажите имя пары метаданных.
blob-bulk-edit-name-tag = Укажите имя тега.
blob-bulk-edit-bad-metadata-name = `{ $name }` не может быть именем метаданных: допустимы буквы, цифры и _, и имя не должно начинаться с цифры.
blob-bulk-edit-what = { $change }: выбранные BLOB-объекты ({ $count })
blob-bulk-edit-what-folders = { $change }: выбранные BLOB-объекты ({ $count }) и все BLOB-объекты в { $folders }
blob-bulk-edit-title = { $what } в { $container }
blob-bulk-edit-selected = Выбрано BLOB-объектов: { $count }
blob-bulk-edit-selected-folders = Выбрано BLOB-объектов: { $count }, а также все BLOB-объекты в { $folders } (перечисляются постранично по ходу задания)
blob-bulk-edit-what-to-change = Что изменить
blob-bulk-edit-tag-name = Имя тега
blob-bulk-edit-metadata-name = Имя метаданных
blob-bulk-edit-value = Новое значение
blob-bulk-edit-header = Заголовок
blob-bulk-edit-new-tier = Новый уровень { $tier }
blob-bulk-edit-tier-explain = Служба не принимает условий для смены уровня: уровень каждого BLOB-объекта задается независимо от текущего. Уровень Archive делает BLOB-объект недоступным для чтения до его восстановления (регидратации), которое занимает часы.
blob-bulk-edit-delete-explain = Каждый BLOB-объект удаляется вместе с моментальными снимками, только если его ETag все еще тот, что был прочитан непосредственно перед этим.
blob-bulk-edit-tag-explain = Теги каждого BLOB-объекта читаются и записываются, только пока они остаются прежними (x-ms-if-tags).
blob-bulk-edit-explain = Каждый BLOB-объект читается и записывается, только если его ETag все еще тот, что был прочитан (If-Match).
blob-bulk-edit-at-once = По восемь BLOB-объектов за раз; отмена сохраняет сделанное, а «Возобновить» продолжает с того же места.
blob-bulk-edit-unsaved = изменение множества BLOB-объектов, еще не запущенное
blob-bulk-edit-offer = Изменить выбранные ({ $count })…
blob-bulk-edit-delete-yes = { $count ->
        [one] Удалить { $count } BLOB-объект вместе с моментальными снимками
        [few] Удалить { $count } BLOB-объекта вместе с моментальными снимками
       *[other] Удалить { $count } BLOB-объектов вместе с моментальными снимками
    }
blob-bulk-edit-delete-all-yes = Удалить все указанные BLOB-объекты вместе с моментальными снимками
blob-bulk-edit-change-yes = Изменить выбранные ({ $count })
blob-bulk-edit-window = Изменение множества BLOB-объектов в `{ $container }`
blob-bulk-job-set-metadata = задать метаданные { $name }
blob-bulk-job-remove-metadata = удалить метаданные { $name }
blob-bulk-job-set-header = задать { $header }
blob-bulk-job-set-tag = задать тег { $name }
blob-bulk-job-remove-tag = удалить тег { $name }
blob-bulk-job-set-tier = задать уровень { $tier }
blob-bulk-job-delete = удалить вместе с моментальными снимками
blob-bulk-job-blobs = BLOB-объектов
blob-bulk-job-deleted = Удалено
blob-bulk-job-changed = Изменено
blob-bulk-job-changed-why = изменились между чтением и записью
blob-bulk-job-unchanged = уже как требуется
blob-bulk-job-op = Изменение BLOB-объектов в `{ $container }`
blob-bulk-job-set-tags-of = Задание тегов `{ $blob }`

## Скачивание (downloads.rs)

blob-downloads-title = Скачать { $name }
blob-downloads-skipped = Сохранено в { $folder }: 0; пропущено (уже есть): 1
blob-downloads-saved = Сохранено в { $folder }: 1; { $said }{ $link }
blob-downloads-beside-link = ; по пути { $link } находится ссылка: по ней не переходим и не заменяем ее, поэтому BLOB-объект сохранен рядом
blob-downloads-not-done = BLOB-объект не скачан: { $why }. Уберите то, что мешает, или скачайте в другую папку.
blob-downloads-exists-title = Файл с таким именем уже есть
blob-downloads-exists = `{ $file }` уже существует.
blob-downloads-for-all = Сделать так для всех уже существующих файлов ({ $count })
blob-downloads-replace = Заменить
blob-downloads-keep-both = Оставить оба
blob-downloads-keep-both-hint = Скачанный файл получит свободное имя рядом
blob-downloads-skip = Пропустить
blob-downloads-cancel = Отменить скачивание

## Сравнение папок (compare_view.rs)

blob-compare-view-title = Сравнение папок
blob-compare-view-left = Слева: { $place }
blob-compare-view-right = Справа: { $place }
blob-compare-view-counts = Только слева: { $left } · только справа: { $right } · различаются: { $different } · совпадают: { $same } · тот же размер, не проверено: { $unchecked }
blob-compare-view-counts-hint = Сравниваются имя, размер и MD5; «не проверено»: на одной из сторон нет MD5, по которому можно сравнить содержимое
blob-compare-view-comparing = Сравнение… (оба списка читаются одновременно, в порядке имен)
blob-compare-view-same = В обеих папках одни и те же имена с теми же размерами и MD5.
blob-compare-view-passed = Ссылок и особых файлов в локальной папке пропущено, не прочитано: { $count } (план называет их).
blob-compare-view-unread = Не удалось прочитать в локальной папке: { $count }; первое — `{ $name }`: { $why }. Синхронизация после этого сравнения ничего не удаляет.
blob-compare-view-follow-links = Переходить по ссылкам на файлы внутри папки
blob-compare-view-follow-links-hint = Выключено: каждая ссылка пропускается и называется в плане, как делает rclone без --copy-links. Включено: ссылка на файл внутри локальной папки читается как этот файл; ссылки на папки и за пределы папки по-прежнему пропускаются. В обоих случаях за пределами папки ничего не читается, не записывается и не удаляется.
blob-compare-view-first = Показаны и копируются только первые { $count } различий.
blob-compare-view-show = Показать:
blob-compare-view-all = Все различия
blob-compare-view-only-left = Только слева
blob-compare-view-only-right = Только справа
blob-compare-view-different = Различаются
blob-compare-view-unchecked = Не проверено
blob-compare-view-copy-json = Копировать различия как строки JSON
blob-compare-view-sync = { $verb ->
        [copy] Копировать
        [upload] Отправить
       *[download] Скачать
    } { $way ->
        [right] слева направо
       *[left] справа налево
    } ({ $count })
blob-compare-view-sync-hint = Сначала показывает план: записывается то, чего там нет или что отличается; то, что есть только там, удаляется, только если отметить это
blob-compare-view-again = Сравнить снова
blob-compare-view-dry-run = Ничего не записывается, пока вы не выберете направление и не подтвердите план: это сравнение — пробный запуск.
blob-compare-view-sync-title = Синхронизировать { $from } в { $to }
blob-compare-view-plan = Будет записано: { $count } (новых: { $new }, с заменой отличающихся: { $replacing }) — { $names }. Новый объект записывается, только если его все еще нет, отличающийся — только если он не изменился после сравнения.
blob-compare-view-nothing-extra = Нет ничего, что есть только там: удалять нечего.
blob-compare-view-delete-too = Также удалить то, что есть только в { $place } ({ $count })
blob-compare-view-deleted = Будут удалены ({ $names }), каждый — только если не изменился после сравнения. Это нельзя отменить.
blob-compare-view-kept = Останутся ({ $names }).
blob-compare-view-write = Записать
blob-compare-view-cancel = Отмена
blob-compare-view-write-job = Запись различий в { $place }
blob-compare-view-job = Сравнение { $left } с { $right }
blob-compare-view-summary = только слева: { $left }, только справа: { $right }, различаются: { $different }, совпадают: { $same }, не проверено: { $unchecked }
blob-compare-view-place = { $container } ({ $account })
blob-compare-view-place-in = { $folder } в { $container } ({ $account })
blob-compare-view-local = { $path } (локальная)
blob-compare-view-tool = Сравнить
blob-compare-view-tool-hint = эту папку с другой папкой или с локальной
blob-compare-view-pick = Выбрать эту папку для сравнения
blob-compare-view-pick-hint = Затем на вкладке контейнера любой учетной записи сравните ее папку с этой
blob-compare-view-with-picked = Сравнить с выбранной папкой ({ $place })
blob-compare-view-local-sync = Сравнить или синхронизировать с локальной папкой…
blob-compare-view-local-sync-hint = Локальная папка слева, эта папка справа; отправьте то, что отличается

## План синхронизации (sync_plan.rs)

blob-sync-plan-unchecked = Того же размера без хеша для сравнения (на одной стороне нет MD5), так что неизвестно, различаются ли они: { $count }; остаются как есть ({ $names }).
blob-sync-plan-write-unchecked = Записать и эти ({ $count }): копия источника заменит копию цели
blob-sync-plan-keep-properties = Сохранить метаданные и заголовки каждого заменяемого BLOB-объекта
blob-sync-plan-keep-properties-hint = Content-Type, Content-Encoding, Content-Language, Content-Disposition, Cache-Control и метаданные остаются такими, как у BLOB-объекта; снимите отметку, чтобы отправить тип, угаданный по имени, и без метаданных
blob-sync-plan-passed = Пропущено, не прочитано ({ $count }): { $names }.
blob-sync-plan-in-the-way = Не тронуто, так как на пути ссылка, пропущенный элемент или непрочитанная папка ({ $count }): { $names }.
blob-sync-plan-unread = Не удалось прочитать ({ $count }): { $names }.
blob-sync-plan-no-deletes = Ничего не удаляется, так как были ошибки чтения: то, что не удалось прочитать, выглядело бы пустым, и его содержимое было бы удалено из { $place }. То, что есть только там, остается ({ $count }).
blob-sync-plan-many-title = Удалить { $count } из { $held } объектов в { $place }?
blob-sync-plan-many-why = Это больше десятой части того, что там есть (или больше 100). Пока ничего не записано и не удалено: проверьте, что это те папки, которые вы имели в виду.
blob-sync-plan-many-yes = Удалить { $count }
blob-sync-plan-many-back = Вернуться к плану

## Локальная папка как сторона задания (local_files.rs)

blob-local-passed-link = ссылка, по ней не переходили
blob-local-passed-link-away = ссылка на папку или за пределы папки
blob-local-passed-special = не файл и не папка
blob-local-not-unicode = ее имя — не текст Юникода, поэтому никакое имя BLOB-объекта не может его представить
blob-local-kept-changed = локальный файл изменился после сравнения
blob-local-kept-appeared = там что-то появилось после сравнения
blob-local-kept-gone = локального файла больше нет после сравнения
blob-local-kept-link = на пути ссылка ({ $path }): через ссылку ничего не записывается и не удаляется
blob-local-kept-not-a-folder = { $path } — не папка

## Запись различий сравнения (compare_copy.rs)

blob-compare-copy-op-sync = Синхронизация
blob-compare-copy-op-copy = Копирование различий
blob-compare-copy-op-upload = Отправка
blob-compare-copy-two-local = Две локальные папки здесь не синхронизируются: одна из сторон должна быть папкой контейнера.
blob-compare-copy-two-local-short = Две локальные папки здесь не синхронизируются.
blob-compare-copy-no-file = нет файла
blob-compare-copy-writing = запись
blob-compare-copy-deleting = удаление
blob-compare-copy-written = записано
blob-compare-copy-already-same = уже совпадает
blob-compare-copy-deleted = удалено
blob-compare-copy-already-gone = уже удалено
blob-compare-copy-kept = оставлено как было: { $why }
blob-compare-copy-failed = сбой
blob-compare-copy-failed-why = сбой: { $why }
blob-compare-copy-wrote-files = записано файлов: { $count }
blob-compare-copy-wrote-blobs = записано BLOB-объектов: { $count }
blob-compare-copy-also-deleted = , удалено: { $count }
blob-compare-copy-also-same = ; уже совпадали (записаны предыдущей попыткой): { $count }
blob-compare-copy-also-gone = ; уже удалено: { $count }
blob-compare-copy-also-kept = ; оставлено как было: { $count } — { $names }
blob-sync-refused-changed = изменился после сравнения ({ $code })
blob-sync-refused-appeared = появился после сравнения ({ $code })
blob-sync-refused-gone = исчез после сравнения ({ $code })
blob-sync-refused-snapshots = у него есть моментальные снимки, а синхронизация их никогда не удаляет ({ $code })
blob-sync-refused-immutable = неизменяемый: это запрещает политика или юридическое удержание ({ $code })
blob-sync-refused-archived = в архиве: сначала его нужно восстановить ({ $code })
blob-sync-refused-copy-pending = в него еще идет копирование ({ $code })
blob-sync-refused-leased = арендован: без идентификатора аренды служба это не разрешает ({ $code })

## Удаленные BLOB-объекты (deleted.rs)

blob-deleted-undeleted = `{ $blob }` восстановлен
blob-deleted-show = { $days ->
        [one] Показать удаленные BLOB-объекты (хранятся { $days } день)
        [few] Показать удаленные BLOB-объекты (хранятся { $days } дня)
       *[other] Показать удаленные BLOB-объекты (хранятся { $days } дней)
    }
blob-deleted-undelete = Восстановить { $blob }
blob-deleted-undelete-hint = Восстановление не принимает условий: оно возвращает удаленные данные этого BLOB-объекта и его удаленные моментальные снимки, что бы ни произошло с этим именем с тех пор

## Сравнение двух папок (compare.rs)

blob-compare-only-left = только слева ({ $bytes ->
        [one] { $bytes } байт
        [few] { $bytes } байта
        [many] { $bytes } байт
       *[other] { $bytes } байта
    })
blob-compare-only-right = только справа ({ $bytes ->
        [one] { $bytes } байт
        [few] { $bytes } байта
        [many] { $bytes } байт
       *[other] { $bytes } байта
    })
blob-compare-sizes-differ = размеры различаются: { $left } и { $right } байт
blob-compare-md5-differs = тот же размер, MD5 различается
blob-compare-no-md5 = тот же размер; на одной из сторон нет MD5 для проверки содержимого
blob-compare-op-compare = Сравнение
blob-compare-op-folders = Сравнение папок
blob-compare-op-local = Сравнение с локальной папкой
blob-compare-walk-failed = не удалось обойти папку
blob-compare-out-of-order = имена в { $place } пришли не по порядку ({ $name } после { $last }), поэтому их нельзя сопоставить
blob-compare-not-a-folder = { $path } — не папка, которую можно прочитать.
