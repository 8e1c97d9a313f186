# Возможности панели BLOB-объектов: аренды, моментальные снимки, версии, уровни, теги, передачи, поиск, наблюдение (русский).

## Вкладка контейнера (view.rs)

blob-view-refresh = Обновить
blob-view-refresh-hint = F5 или Ctrl+R
blob-view-more = Еще
blob-view-more-hint = параметры представления и редкие действия
blob-view-show-snapshots = Показывать моментальные снимки
blob-view-show-snapshots-hint = Показывает моментальные снимки каждого BLOB-объекта под ним; щелчок открывает сведения о BLOB-объекте
blob-view-tags-column = Столбец тегов
blob-view-tags-column-hint = Показывает теги индекса каждого BLOB-объекта (SAS нужно разрешение Tags)
blob-view-flat = Плоский список (без папок)
blob-view-loaded = Загружено: { $blobs ->
        [one] { $blobs } BLOB-объект
        [few] { $blobs } BLOB-объекта
       *[other] { $blobs } BLOB-объектов
    } и { $folders ->
        [one] { $folders } папка
        [few] { $folders } папки
       *[other] { $folders } папок
    }
blob-view-loaded-more = Загружено: { $blobs ->
        [one] { $blobs } BLOB-объект
        [few] { $blobs } BLOB-объекта
       *[other] { $blobs } BLOB-объектов
    } и { $folders ->
        [one] { $folders } папка
        [few] { $folders } папки
       *[other] { $folders } папок
    } · есть еще
blob-view-load-more = Загрузить еще
blob-view-stop-loading = Остановить загрузку
blob-view-load-all = Загрузить все
blob-view-load-all-hint = Страница за страницей до конца; «Остановить» сохраняет то, что уже пришло
blob-view-matches = Имен, начинающихся с `{ $start }`: { $count }
blob-view-search-service = Искать в службе
blob-view-search-service-hint = Получить из службы только имена, начинающиеся с `{ $start }`: загруженные страницы могут содержать не все
blob-view-searched = Получено из службы: имена, начинающиеся с `{ $start }`
blob-view-whole-folder = Вся папка
blob-view-no-match = Ни одно загруженное имя не начинается с `{ $start }`.
blob-view-no-match-more = Ни одно загруженное имя не начинается с `{ $start }`. Остались страницы: «Искать в службе» получит имена из службы.
blob-view-col-name = Имя
blob-view-col-tags = Теги
blob-view-folder-row = { $name } (папка)
blob-view-open-folder = Открыть папку

## Строки списка и изменения, замеченные наблюдением (rows.rs)

blob-rows-col-lease = Аренда
blob-rows-col-etag = ETag
blob-rows-col-size = Размер
blob-rows-col-last-modified = Последнее изменение
blob-rows-col-content-type = Тип содержимого
blob-rows-col-tier = Уровень
blob-rows-appeared = { $name }: появился, { $size }, ETag { $etag }
blob-rows-changed-cell = { $column } { $was } -> { $now }
blob-rows-vanished = { $name }: исчез (удален или переименован)
blob-rows-tier-default = { $tier } (по умолчанию)
blob-rows-tier-none = нет ({ $kind }: уровни есть только у блочных BLOB-объектов)
blob-rows-tier-inferred = { $tier } (по умолчанию)
blob-rows-tier-priority = { $text } с приоритетом { $priority }
blob-rows-tier-set = { $text }; задан { $time }

## Строка пути и поле поиска (path_bar.rs)

blob-path-bar-back = Назад
blob-path-bar-up = Вверх
blob-path-bar-up-hint = Backspace
blob-path-bar-open = Открыть { $path }
blob-path-bar-box-finds = Поле находит имена
blob-path-bar-starting = начинающиеся с текста (загруженные страницы, затем служба)
blob-path-bar-containing-any-case = содержащие текст, без учета регистра (Enter: по всем страницам)
blob-path-bar-containing-exact-case = содержащие текст, с учетом регистра (Enter: по всем страницам)
blob-path-bar-matching-regex = соответствующие регулярному выражению (Enter: по всем страницам)
blob-path-bar-search-options = Параметры поиска
blob-path-bar-starting-hint = Имена, начинающиеся с… (Ctrl+F)
blob-path-bar-starting-name = Имена, начинающиеся с:
blob-path-bar-matching-name = Имена, соответствующие:
blob-path-bar-matching-hint = Имена по регулярному выражению… (Enter)
blob-path-bar-containing-name = Имена, содержащие:
blob-path-bar-containing-hint = Имена, содержащие… (Enter)

## Аренды (leases.rs, lease_history.rs)

blob-leases-now = Аренда сейчас:
blob-leases-id-none = нет
blob-leases-app-id = Идентификатор аренды этого приложения: { $id }
blob-leases-container = контейнер `{ $container }`
blob-leases-acquired = Аренда получена ({ $what }): идентификатор аренды { $id }
blob-leases-op-use = Использовать аренду
blob-leases-none-held = У этого приложения нет аренды на этот объект, поэтому нет и идентификатора аренды. Получите аренду или прервите чужую.
blob-leases-renewed = Аренда продлена: { $what }
blob-leases-changed = Новый идентификатор аренды ({ $what }): { $id }
blob-leases-released = Аренда освобождена: { $what }
blob-leases-breaking = Аренда прерывается ({ $what }): будет прервана через { $seconds } с
blob-leases-on-blob = Аренда этого BLOB-объекта
blob-leases-on-container = Аренда контейнера
blob-leases-duration = Длительность:
blob-leases-seconds = аренда на { $seconds } с
blob-leases-infinite = бессрочная аренда
blob-leases-proposed = Предлагаемый идентификатор:
blob-leases-proposed-hint = необязательный GUID
blob-leases-acquire = Получить аренду
blob-leases-renew = Продлить аренду
blob-leases-change = Сменить идентификатор
blob-leases-release = Освободить аренду
blob-leases-break-period = Период прерывания:
blob-leases-break-seconds = прервать через { $seconds } с
blob-leases-break = Прервать аренду
blob-lease-history-title = Хронология аренд

## Моментальные снимки (snapshots.rs, snapshot_rows.rs)

blob-snapshots-now = Создать снимок
blob-snapshots-now-hint = Показанной версии (If-Match ее ETag)
blob-snapshots-title = Моментальные снимки
blob-snapshots-none = Моментальных снимков нет.
blob-snapshots-unlisted = Не удалось получить список моментальных снимков: { $error }
blob-snapshots-view = Просмотр
blob-snapshots-promote = Повысить
blob-snapshots-delete = Удалить
blob-snapshots-delete-title = Удалить моментальный снимок { $snapshot } объекта `{ $name }`?
blob-snapshots-delete-body = Удаляется только этот моментальный снимок; BLOB-объект остается. Условие не отправляется: моментальный снимок никогда не меняется, поэтому нет более новой его версии, которую можно потерять.
blob-snapshots-delete-yes = Удалить снимок
blob-snapshots-promote-title = Повысить моментальный снимок { $snapshot } объекта `{ $name }`?
blob-snapshots-promote-body = `{ $name }` получит содержимое моментального снимка (данные, свойства, метаданные). Текущее содержимое будет потеряно, если его не сохраняет моментальный снимок. Отправляется, только если `{ $name }` все еще в показанной версии (If-Match).
blob-snapshots-save-as = Сохранить моментальный снимок как
blob-snapshots-op-snapshot = Моментальный снимок
blob-snapshots-loading = Свойства `{ $name }` еще загружаются; создайте снимок, когда появится его ETag.
blob-snapshots-taken = Моментальный снимок `{ $name }` создан: { $time }
blob-snapshots-op-promote = Повысить моментальный снимок
blob-snapshots-promote-loading = Свойства `{ $name }` еще загружаются; повысьте снимок, когда появится его ETag.
blob-snapshots-promoted = Моментальный снимок { $snapshot } снова стал `{ $name }`
blob-snapshots-deleted = Моментальный снимок { $snapshot } объекта `{ $name }` удален
blob-snapshots-download-title = Скачать моментальный снимок { $snapshot } объекта { $name }
blob-snapshots-saved-as = сохранено как { $file }
blob-snapshot-rows-name = моментальный снимок { $time } объекта { $name }
blob-snapshot-rows-shown = снимок { $time }
blob-snapshot-rows-save = Сохранить снимок { $time } объекта { $name }
blob-snapshot-rows-save-hint = в файл
blob-snapshot-rows-copy = Копировать снимок { $time } объекта { $name }
blob-snapshot-rows-copy-hint = чтобы вставить в любой контейнер любой учетной записи как BLOB-объект с этим именем
blob-snapshot-rows-promote = Повысить снимок { $time } объекта { $name }
blob-snapshot-rows-promote-hint = копируется поверх своего BLOB-объекта (с подтверждением; только если BLOB-объект все еще в указанной в списке версии)

## Уровни доступа (tiers.rs)

blob-tiers-outcome = уровень { $tier } задан для { $count ->
        [one] { $count } BLOB-объекта
       *[other] { $count } BLOB-объектов
    }
blob-tiers-outcome-rehydrating = ; выходят из уровня Archive: { $count } (восстановление: их можно будет прочитать, когда служба их вернет)
blob-tiers-not-changed = не удалось изменить
blob-tiers-archive-title = Архивировать { $count ->
        [one] { $count } BLOB-объект
        [few] { $count } BLOB-объекта
       *[other] { $count } BLOB-объектов
    }?
blob-tiers-archive-body = Архивный BLOB-объект нельзя прочитать или просмотреть, пока он не восстановлен на другой уровень, а это может занять у службы несколько часов (и Azure взимает плату за досрочное удаление или перемещение).
blob-tiers-archive-yes = Архивировать { $count ->
        [one] { $count } BLOB-объект
        [few] { $count } BLOB-объекта
       *[other] { $count } BLOB-объектов
    }
blob-tiers-job-title = Задать уровень { $tier } для { $count ->
        [one] { $count } BLOB-объекта
       *[other] { $count } BLOB-объектов
    } в { $container }
blob-tiers-op-set-tier = Задать уровень
blob-tiers-none = нет
blob-tiers-op-set-tier-of = Задать уровень `{ $name }`
blob-tiers-changed-since = его уровень изменился с момента получения списка: был { $then }, теперь { $now }
blob-tiers-tier-to-set = Задать уровень:
blob-tiers-rehydrate-priority = Приоритет восстановления:
blob-tiers-set-one = Задать уровень { $tier }
blob-tiers-set-many = Задать уровень { $tier } для { $count ->
        [one] { $count } выбранного BLOB-объекта
       *[other] { $count } выбранных BLOB-объектов
    }
blob-tiers-set-hint = Set Blob Tier не принимает никаких условий, кроме аренды: уровень каждого BLOB-объекта читается заново прямо перед записью, и объект, уровень которого изменился с момента получения списка, остается как есть и указывается в итоге

## Теги индекса (tags_edit.rs)

blob-tags-edit-read-failed = Не удалось прочитать теги: { $why }
blob-tags-edit-changed-under = Не сохранено: кто-то изменил теги после того, как вы их прочитали (сейчас: { $now }). «Перезагрузить и применить» накладывает ваши изменения на чужие; «Все равно перезаписать» заменяет их.
blob-tags-edit-not-saved = Теги не сохранены: { $why }
blob-tags-edit-unsaved = теги `{ $name }`
blob-tags-edit-none = нет
blob-tags-edit-reading = Теги индекса: чтение…
blob-tags-edit-title = Теги индекса ({ $count } из { $max })
blob-tags-edit-key = Ключ { $n }:
blob-tags-edit-value = Значение { $n }:
blob-tags-edit-remove = Удалить тег { $n }
blob-tags-edit-guard-none = Служба не предлагает условия для BLOB-объекта без тегов: теги читаются заново прямо перед записью, и сохранение отклоняется, если кто-то успел их задать
blob-tags-edit-guard = Только если теги все еще те, с которых вы начали (повторное чтение и x-ms-if-tags)
blob-tags-edit-add = Добавить тег
blob-tags-edit-saving = Сохранение тегов…
blob-tags-edit-save = Сохранить теги
blob-tags-edit-stale = Изменены в службе после того, как вы их прочитали (сейчас: { $now })
blob-tags-edit-reapply = Перезагрузить и применить мои теги
blob-tags-edit-overwrite = Все равно перезаписать теги
blob-tags-edit-discard = Отменить мои теги

## Отправка и скачивание (transfers.rs)

blob-transfers-mode-overwrite = перезаписывать
blob-transfers-mode-only-if-new = только если объекта еще нет
blob-transfers-mode-only-if-unchanged = только если не изменен с момента просмотра
blob-transfers-download-into = Скачать в
blob-transfers-upload-hint = в показанную папку; { $mode } (Еще > Отправка)
blob-transfers-upload-files = Отправить файлы…
blob-transfers-upload-files-title = Отправить файлы
blob-transfers-upload-folder = Отправить папку…
blob-transfers-upload-folder-title = Отправить папку
blob-transfers-download = Скачать…
blob-transfers-download-hint = выбранные BLOB-объекты и папки
blob-transfers-uploads = Отправка
blob-transfers-download-blob = Скачать этот BLOB-объект…
blob-transfers-upload-title = Отправка { $name }
blob-transfers-upload-folder-job = Отправка папки { $folder }
blob-transfers-op-journal = Записать отправку в журнал
blob-transfers-reading-folder = чтение папки…
blob-transfers-walk-stopped = обход папки прерван: { $why }
blob-transfers-not-read = не удалось прочитать: { $why }
blob-transfers-item-uploaded = отправлен
blob-transfers-item-not-uploaded = не отправлен: { $why }
blob-transfers-item-passed = пропущен, не прочитан: { $why }
blob-transfers-file-of = файл { $n } из { $count }: { $name }
blob-transfers-links-skipped = ; пропущено ссылок и особых файлов (по ним не переходили): { $count }
blob-transfers-uploaded = Отправлено { $count ->
        [one] { $count } файл
        [few] { $count } файла
       *[other] { $count } файлов
    }, { $size }{ $links }
blob-transfers-not-uploaded = Не отправлено файлов: { $failed } из { $count }; первый, `{ $first }`: { $why } «Повторить» отправит только неотправленные файлы.
blob-transfers-op-download = Скачивание
blob-transfers-name-outside = BLOB-объект `{ $name }` был бы сохранен вне выбранной папки (имя содержит `{ $part }`); он пропущен.
blob-transfers-name-no-file = Из имени BLOB-объекта `{ $name }` не получается имя файла.

## Версии (versions.rs)

blob-versions-promoted = Версия { $version } снова стала `{ $name }`
blob-versions-deleted = Версия { $version } объекта `{ $name }` удалена
blob-versions-title = Версии
blob-versions-this = Это версия { $version }.
blob-versions-list = Показать версии
blob-versions-current = текущая
blob-versions-promote-id = Повысить версию { $version }
blob-versions-delete-id = Удалить версию { $version }
blob-versions-delete-hint = Без условия: версия никогда не меняется, и она указывается по идентификатору
blob-versions-promote-title = Повысить версию { $version } объекта `{ $name }`?
blob-versions-promote-body = `{ $name }` получит содержимое этой версии; текущее содержимое сохранится как отдельная версия. Отправляется, только если `{ $name }` все еще в показанной версии (If-Match).
blob-versions-promote = Повысить версию
blob-versions-delete-title = Удалить версию { $version } объекта `{ $name }`?
blob-versions-delete-body = Удаляется только эта предыдущая версия; BLOB-объект и другие его версии остаются. Версия никогда не меняется, поэтому условие не отправляется.
blob-versions-delete = Удалить версию

## Предварительный просмотр (preview.rs)

blob-preview-button = Просмотр
blob-preview-loading = Загрузка предварительного просмотра { $name }…
blob-preview-text = Просмотр { $name } (текст, первые 64 КиБ)
blob-preview-text-name = Текст предварительного просмотра
blob-preview-hex = Просмотр { $name } (шестнадцатеричный, первые байты)
blob-preview-image = Просмотр { $name } (изображение)
blob-preview-failed = Нет предварительного просмотра { $name }: { $why }

## Наблюдение (watch_view.rs)

blob-watch-view-tool = Наблюдение
blob-watch-view-tool-hint = перечитывать список снова и снова и отмечать, что изменили другие

blob-watch-view-what = загруженный список BLOB-объектов, страницу за страницей
blob-watch-view-rows = BLOB-объекты
blob-watch-view-list-at = над списком
blob-watch-view-changes-seen = Замеченные изменения
blob-watch-view-new = Новый с последнего просмотра
blob-watch-view-vanished = Исчез: удален или переименован (убирается кнопкой «Скрыть исчезнувшие»)
blob-watch-view-changed = Изменен с последнего просмотра: выделенные ячейки показывают прежние значения
blob-watch-view-changed-cell = Изменено: { $column } было { $was }

## Поиск в именах (name_search.rs)

blob-name-search-tool = Найти в именах
blob-name-search-tool-hint = текст в любом месте имени (без учета регистра, с учетом регистра или регулярное выражение), по всем страницам

blob-name-search-any-case = содержит (без учета регистра)
blob-name-search-exact-case = содержит (с учетом регистра)
blob-name-search-regex = регулярное выражение
blob-name-search-empty = Введите, что должны содержать имена.
blob-name-search-bad-regex = `{ $text }` не является регулярным выражением, понятным этому поиску: { $why }
blob-name-search-whole-of = весь контейнер { $container }
blob-name-search-what-any-case = имена, содержащие (без учета регистра) `{ $text }`; где: { $place }
blob-name-search-what-exact-case = имена, содержащие (с учетом регистра) `{ $text }`; где: { $place }
blob-name-search-what-regex = имена, соответствующие регулярному выражению `{ $text }`; где: { $place }
blob-name-search-label = Найти в именах:
blob-name-search-hint = в любом месте имени
blob-name-search-whole = Весь контейнер
blob-name-search-whole-not-only = Весь контейнер (не только `{ $prefix }`)
blob-name-search-stop = Остановить поиск
blob-name-search-find = Найти
blob-name-search-find-hint = Перебирает все имена в области поиска и показывает совпадающие по мере поступления
blob-name-search-back = Назад к папке
blob-name-search-matches = { $count ->
        [one] { $count } совпадение
        [few] { $count } совпадения
       *[other] { $count } совпадений
    }: { $what }

## Обход списка контейнера (walk.rs)

blob-walk-listing = получение списка…
blob-walk-failed = ошибка (см. ниже)
blob-walk-stopped = остановлено: остальное не просмотрено
blob-walk-done = готово
blob-walk-progress = Получено имен: { $count }, { $rate } в секунду; { $state }

## URL-адреса SAS (sas.rs)

blob-sas-copied-delegation = URL-адрес SAS делегирования пользователя скопирован в буфер обмена (это секрет: делитесь им осторожно).
blob-sas-copied = URL-адрес SAS скопирован в буфер обмена (это секрет: делитесь им осторожно).
blob-sas-op-create = Создать URL-адрес SAS
blob-sas-title = URL-адрес SAS
blob-sas-read = чтение
blob-sas-add = добавление
blob-sas-create = создание
blob-sas-write = запись
blob-sas-delete = удаление
blob-sas-list = список
blob-sas-copy-delegation = Копировать URL-адрес SAS делегирования пользователя
blob-sas-copy = Копировать URL-адрес SAS

## Передачи с журналом (resumable.rs)

blob-resumable-op-journal = Записать передачу в журнал
blob-resumable-beside = ; во время скачивания появился файл { $file }, поэтому он сохранен, а скачанное сохранено рядом с ним
blob-resumable-op-start = Начать передачу
blob-resumable-op-resume-upload = Возобновить отправку
blob-resumable-file-changed = Файл { $file } изменился (или исчез) после начала отправки, поэтому она не возобновлена: уже отправленные блоки относятся к старому содержимому. Отправьте файл заново, чтобы передать его текущее содержимое.
blob-resumable-already-holds = `{ $name }` уже содержит этот файл (его отправка была зафиксирована до завершения приложения)
blob-resumable-staged = ({ $size } уже были подготовлены и повторно не отправлялись)
blob-resumable-uploaded = отправлено как `{ $name }`, ETag { $etag }{ $again }
blob-resumable-op-resume = Возобновить
blob-resumable-folder-own-job = передача папки возобновляется отдельным заданием (blob::transfers, blob::folder_download)
blob-resumable-on-disk = ({ $size } уже были на диске и повторно не запрашивались)
blob-resumable-saved = сохранено как { $file }{ $how }{ $beside }

## Задание вставки (paste_job.rs)

blob-paste-job-skip = пропустить
blob-paste-job-keep-both = сохранить оба
blob-paste-job-replace = заменить
blob-paste-job-copied-to = скопирован в { $to }
blob-paste-job-skipped = пропущен (уже существует)
blob-paste-job-source-kept = скопирован; источник сохранен: { $why }
blob-paste-job-kept-with-snapshots = скопирован в { $to }; источник остается под своим именем вместе с моментальными снимками
blob-paste-job-failed = ошибка: { $why }
blob-paste-job-rename-title = Переименование { $name } в { $to }
blob-paste-job-renamed = { $name } переименован в { $to }
blob-paste-job-renamed-kept = { $name } скопирован в { $to }; { $name } остается под своим именем вместе с моментальными снимками
blob-paste-job-op-rename = Переименовать
blob-paste-job-rename-exists = BLOB-объект с именем { $to } уже существует: ничего не переименовано.
blob-paste-job-rename-kept = скопирован в { $to }, но { $why }
blob-paste-job-listing = получение списка { $name }
blob-paste-job-copying = копирование
blob-paste-job-op-paste = Вставить
blob-paste-job-moved-count = Перемещено BLOB-объектов: { $count }
blob-paste-job-copied-count = Скопировано BLOB-объектов: { $count }
blob-paste-job-skipped-count = ; пропущено (уже существуют): { $count }
blob-paste-job-with-snapshots-count = ; источников, оставшихся под своими именами вместе с моментальными снимками: { $count }
blob-paste-job-kept-count = ; сохранено источников: { $count }: { $why }
blob-paste-job-failed-verb = с ошибкой
blob-paste-job-source-changed = { $name } изменился после того, как перемещение его прочитало, поэтому ничего не скопировано и он не удален: { $why }
blob-paste-job-changed-after = { $name } изменился после копирования
blob-paste-job-not-deleted = не удалось удалить { $name }: { $why }
blob-paste-job-waiting = ожидание, пока служба скопирует { $target }
blob-paste-job-pending = ожидает: служба копирует его в { $target }
blob-paste-job-copy-ended = Копирование службой в { $target } завершилось с состоянием { $status }.

## Перед перемещением (move_check.rs)

blob-move-check-snapshots = моментальных снимков: { $count } ({ $times })
blob-move-check-tags = теги индекса { $tags }
blob-move-check-looking = Поиск моментальных снимков и тегов, которые перемещение не перенесет…
blob-move-check-op-look = Проверить перемещаемые BLOB-объекты (ничего не перемещено)
blob-move-check-more = …и еще { $count }
blob-move-check-body = Копия переносит содержимое, свойства и метаданные, но не моментальные снимки, теги индекса и версии. Перемещение никогда не удаляет моментальные снимки: BLOB-объект, у которого они есть, копируется под новым именем и остается вместе с ними под старым. Теги индекса (и версии, если учетная запись их хранит) не переносятся: у перемещенного BLOB-объекта их нет.
blob-move-check-title = Переместить BLOB-объекты, содержащие то, что копия не переносит ({ $count })?
blob-move-check-yes = Переместить, оставив снимки под старыми именами
blob-move-check-nothing-moved = Ничего не перемещено.

## Sorting the list by a column (src/app/blob/sort.rs)
blob-sort-hint = Сортировать по этому столбцу; второй щелчок — по убыванию, третий — снова по именам
blob-sort-running = Сортировка { $count ->
        [one] { $count } BLOB-объекта
       *[other] { $count } BLOB-объектов
    } по столбцу «{ $column }»… { $percent } %
blob-sort-cancel = Отменить сортировку
blob-sort-waits = Список будет отсортирован по столбцу «{ $column }», когда загрузка всех страниц завершится
blob-name-search-in-loaded = { $what } среди { $count ->
        [one] { $count } загруженного BLOB-объекта
       *[other] { $count } загруженных BLOB-объектов
    } (без запросов к службе)

## Load all's pause before half of the computer's memory (src/app/blob/memory_guard.rs)
blob-memory-stopped = Загрузка всех страниц приостановлена на { $blobs ->
        [one] { $blobs } BLOB-объекте
       *[other] { $blobs } BLOB-объектах
    }: они занимают { $held } — больше { $limit }, половины памяти этого компьютера. Каждый следующий миллион BLOB-объектов займёт ещё около { $per_million }.
blob-memory-go-on = Продолжить загрузку
blob-memory-keep = Оставить загруженное
