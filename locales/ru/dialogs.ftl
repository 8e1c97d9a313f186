# Остальные окна: SAS учетной записи, вход в Entra, параметры службы, экспорт и импорт параметров, лаборатория конфликтов (русский).

## The account SAS window (src/app/accounts/account_sas.rs).
accounts-account-sas-title = SAS учетной записи для { $account }
accounts-account-sas-blob = Служба BLOB-объектов
accounts-account-sas-queue = Служба очередей
accounts-account-sas-table = Служба таблиц
accounts-account-sas-level-service = Уровень службы (свойства, списки контейнеров, очередей, таблиц)
accounts-account-sas-level-container = Контейнеры, очереди, таблицы
accounts-account-sas-level-object = Объекты (BLOB-объекты, сообщения, сущности)
accounts-account-sas-intro = Одна подпись сразу для нескольких служб, созданная ключом учетной записи. Ее владелец может делать все, что она разрешает, до истечения срока; отозвать ее можно только сменой ключа.
accounts-account-sas-permissions = Разрешения ({ $letters }):
accounts-account-sas-permissions-hint = r чтение, w запись, d удаление, x удаление версии, y окончательное удаление, l список, a добавление, c создание, u обновление, p обработка (извлечение из очереди), t теги, f поиск по тегам, i политика неизменяемости
accounts-account-sas-copy-connection = Копировать строку подключения SAS
accounts-account-sas-copy-token = Копировать маркер SAS

## The service settings window (src/app/accounts/service_settings.rs).
accounts-service-settings-title = Параметры службы: { $account }
accounts-service-settings-read-stale = Прочитано заново: параметры службы изменились после начала правки. Ваши изменения сохранены; «Перезагрузить и применить снова» наложит их на параметры службы, «Отменить изменения» покажет параметры службы.
accounts-service-settings-read-kept = Прочитано заново; несохраненные изменения сохранены («Отменить изменения» покажет параметры службы).
accounts-service-settings-reread-failed = Повторное чтение параметров после отклонённого сохранения тоже не удалось: { $why } Ваши изменения сохранены; «Прочитать заново» попробует ещё раз.
accounts-service-settings-saved = Сохранено. Параметры службы прочитаны заново ниже.
accounts-service-settings-not-said = не указано
accounts-service-settings-on = вкл.
accounts-service-settings-off = выкл.
accounts-service-settings-account = Учетная запись: SKU { $sku }, тип { $kind }, иерархическое пространство имен: { $namespace }
accounts-service-settings-account-failed = Сведения об учетной записи: { $why }
accounts-service-settings-reading-account = Чтение сведений об учетной записи…
accounts-service-settings-no-table = Свойства службы таблиц здесь не предлагаются: у эмулятора (Azurite 3.35) их нет, поэтому проверить их на службе было бы нельзя.
accounts-service-settings-reading = Чтение свойств службы…
accounts-service-settings-save = Сохранить параметры
accounts-service-settings-save-hint = Set Service Properties не принимает условий: приложение перечитывает параметры непосредственно перед записью и отказывается, если они изменились после начала правки (изменение, пришедшее в промежутке, не отслеживается)
accounts-service-settings-op-save = Сохранение параметров службы
accounts-service-settings-changed = ее параметры отличаются от тех, с которых началась правка
accounts-service-settings-reapply = Перезагрузить и применить снова
accounts-service-settings-discard = Отменить изменения
accounts-service-settings-read-again = Прочитать заново
accounts-service-settings-close-title = Закрыть параметры службы { $account } с несохраненными изменениями?
accounts-service-settings-close-body = Изменения параметров службы не сохранены. При закрытии они будут потеряны. (Уже отправленное сохранение все равно завершится, и о нем будет сказано.)
accounts-service-settings-close-discard = Отменить мои изменения и закрыть
accounts-service-settings-close-keep = Продолжить редактирование
accounts-service-settings-closed-saved = Параметры службы { $account } сохранены после закрытия окна.
accounts-service-settings-closed-failed = Параметры службы { $account } не сохранены (окно было закрыто): { $why }
accounts-service-settings-days = { $what }: дней
accounts-service-settings-cors = Правила CORS ({ $count }, не более { $max })
accounts-service-settings-origins = Правило { $n }, источники:
accounts-service-settings-methods = Правило { $n }, методы:
accounts-service-settings-allowed-headers = Правило { $n }, разрешенные заголовки:
accounts-service-settings-exposed-headers = Правило { $n }, доступные заголовки:
accounts-service-settings-max-age = Правило { $n }, макс. возраст (с):
accounts-service-settings-remove-rule = Удалить правило { $n }
accounts-service-settings-add-rule = Добавить правило CORS
accounts-service-settings-keep-deleted = Хранить удаленные BLOB-объекты
accounts-service-settings-website = Статический веб-сайт (из $web)
accounts-service-settings-index = Документ индекса:
accounts-service-settings-error-doc = Документ ошибки (404):
accounts-service-settings-version = Версия службы по умолчанию:
accounts-service-settings-logging = Ведение журнала:
accounts-service-settings-log-reads = Чтение
accounts-service-settings-log-writes = Запись
accounts-service-settings-log-deletes = Удаление
accounts-service-settings-keep-logs = Хранить журналы
accounts-service-settings-hour = Почасовые метрики
accounts-service-settings-hour-per-api = Почасовые метрики по API
accounts-service-settings-keep-hour = Хранить почасовые метрики
accounts-service-settings-minute = Поминутные метрики
accounts-service-settings-minute-per-api = Поминутные метрики по API
accounts-service-settings-keep-minute = Хранить поминутные метрики

## Export and import settings (src/app/accounts/settings_transfer.rs).
accounts-settings-transfer-export-title = Экспорт параметров
accounts-settings-transfer-import-title = Импорт параметров
accounts-settings-transfer-writes = Записывает файл: { $accounts ->
        [one] { $accounts } учетная запись
        [few] { $accounts } учетные записи
        [many] { $accounts } учетных записей
       *[other] { $accounts } учетной записи
    } (имена, конечные точки, типы, параметры входа), { $recent ->
        [one] { $recent } недавно открытый ресурс
        [few] { $recent } недавно открытых ресурса
        [many] { $recent } недавно открытых ресурсов
       *[other] { $recent } недавно открытого ресурса
    }, { $queries }, выбор прокси-сервера ({ $proxy }) и оформление ({ $look }).
accounts-settings-transfer-with-secrets = Включить секреты (ключи учетных записей, SAS, маркеры входа, пароль прокси-сервера) в зашифрованном виде
accounts-settings-transfer-with-secrets-hint = Шифруются AES-256-GCM ключом, полученным из вашей парольной фразы с помощью Argon2id
accounts-settings-transfer-passphrase = Парольная фраза:
accounts-settings-transfer-passphrase-hint = не менее 8 символов
accounts-settings-transfer-again = Повтор парольной фразы:
accounts-settings-transfer-again-hint = то же еще раз
accounts-settings-transfer-keep-apart = У кого есть файл и парольная фраза, у того есть и секреты: храните их раздельно.
accounts-settings-transfer-no-secrets = Без секретов: после импорта каждая учетная запись снова запросит ключ, SAS или вход.
accounts-settings-transfer-export = Экспорт…
accounts-settings-transfer-close = Закрыть
accounts-settings-transfer-sealing = Чтение секретов из связки ключей и их шифрование…
accounts-settings-transfer-writing = Запись файла…
accounts-settings-transfer-write-failed = Не удалось записать параметры в { $path } ({ $why }).
accounts-settings-transfer-no-secrets-words = без секретов
accounts-settings-transfer-sealed = { $count ->
        [one] { $count } секрет, зашифрованный
        [few] { $count } секрета, зашифрованных
        [many] { $count } секретов, зашифрованных
       *[other] { $count } секрета, зашифрованных
    } вашей парольной фразой
accounts-settings-transfer-sealed-missing = { $count ->
        [one] { $count } секрет, зашифрованный
        [few] { $count } секрета, зашифрованных
        [many] { $count } секретов, зашифрованных
       *[other] { $count } секрета, зашифрованных
    } вашей парольной фразой ({ $missing } без своих: в связке ключей их не было)
accounts-settings-transfer-exported = Экспортировано в { $path }: { $accounts ->
        [one] { $accounts } учетная запись
        [few] { $accounts } учетные записи
        [many] { $accounts } учетных записей
       *[other] { $accounts } учетной записи
    }, { $recent ->
        [one] { $recent } недавно открытый ресурс
        [few] { $recent } недавно открытых ресурса
        [many] { $recent } недавно открытых ресурсов
       *[other] { $recent } недавно открытого ресурса
    }, { $queries }, выбор прокси-сервера и оформление; { $secrets }.
accounts-settings-transfer-queries = { $count ->
        [one] { $count } сохраненный запрос
        [few] { $count } сохраненных запроса
        [many] { $count } сохраненных запросов
       *[other] { $count } сохраненного запроса
    }
accounts-settings-transfer-proxy-system = системный
accounts-settings-transfer-proxy-none = без прокси-сервера
accounts-settings-transfer-proxy-user = { $address } от имени { $user }
accounts-settings-transfer-read-failed = Не удается прочитать { $path } ({ $why }). Проверьте путь.
accounts-settings-transfer-choosing = Выбор и чтение файла…
accounts-settings-transfer-file = Файл параметров:
accounts-settings-transfer-file-hint = путь к файлу, записанному экспортом параметров
accounts-settings-transfer-read = Прочитать
accounts-settings-transfer-type-path = Введите путь к файлу параметров или нажмите «Выбрать…».
accounts-settings-transfer-choose = Выбрать…
accounts-settings-transfer-file-no-secrets = В файле нет секретов: после импорта каждая учетная запись запросит ключ, SAS или вход.
accounts-settings-transfer-accounts = Учетные записи
accounts-settings-transfer-take-recent = Недавно открытые ресурсы ({ $count })
accounts-settings-transfer-take-proxy = Прокси-сервер: { $proxy }
accounts-settings-transfer-take-look = Оформление: { $look }
accounts-settings-transfer-take-queries = Сохраненные запросы ({ $count })
accounts-settings-transfer-take-queries-hint = Добавляются к вашим; запрос с именем, которое у вас занято другим фильтром, импортируется как "… (imported)"
accounts-settings-transfer-import = Импортировать
accounts-settings-transfer-cancel = Отмена
accounts-settings-transfer-opened = Секреты открыты: { $count ->
        [one] { $count } секрет учетной записи
        [few] { $count } секрета учетных записей
        [many] { $count } секретов учетных записей
       *[other] { $count } секрета учетных записей
    }.
accounts-settings-transfer-opened-proxy = Секреты открыты: { $count ->
        [one] { $count } секрет учетной записи
        [few] { $count } секрета учетных записей
        [many] { $count } секретов учетных записей
       *[other] { $count } секрета учетных записей
    } и пароль прокси-сервера.
accounts-settings-transfer-file-sealed = Файл содержит секреты, зашифрованные парольной фразой (AES-256-GCM, Argon2id).
accounts-settings-transfer-without-secrets = Импортировать без секретов
accounts-settings-transfer-file-passphrase = Парольная фраза файла:
accounts-settings-transfer-file-passphrase-hint = указанная при экспорте
accounts-settings-transfer-open-secrets = Открыть секреты
accounts-settings-transfer-kind-secret = { $kind } · { $name }, с секретом
accounts-settings-transfer-new = новая
accounts-settings-transfer-here-same = уже есть, те же параметры:
accounts-settings-transfer-here-other = уже есть, другие параметры:
accounts-settings-transfer-keep-mine = Оставить мою
accounts-settings-transfer-replace-mine = Заменить мою
accounts-settings-transfer-keep-both = Оставить обе
accounts-settings-transfer-wait-secrets = Введите парольную фразу файла и откройте секреты или отметьте «Импортировать без секретов».
accounts-settings-transfer-wait-clashes = Выберите, что делать с каждой уже существующей учетной записью: { $names }.

## Saved accounts (src/app/accounts/profiles.rs).
accounts-profiles-kind-emulator = локальный эмулятор
accounts-profiles-kind-connection-string = строка подключения
accounts-profiles-kind-name-and-key = имя и ключ
accounts-profiles-kind-sas-url = URL-адрес SAS
accounts-profiles-kind-entra = Microsoft Entra ID
accounts-profiles-kind-entra-browse = Microsoft Entra ID: обзор
accounts-profiles-method-cli = Azure CLI
accounts-profiles-method-device-code = Браузер или код устройства
accounts-profiles-method-principal = Субъект-служба
accounts-profiles-op-read-sign-in = Чтение параметров входа
accounts-profiles-enter-client-secret = Введите секрет клиента субъекта-службы.
accounts-profiles-sign-in-first = Сначала выполните вход (через браузер или с кодом), затем сохраните учетную запись.
accounts-profiles-enter-client-id = Введите идентификатор клиента (приложения) субъекта-службы.
accounts-profiles-op-open = Открытие учетной записи `{ $account }`
accounts-profiles-bad-endpoint = Сохраненная конечная точка `{ $endpoint }` не является URL-адресом ({ $why }).
accounts-profiles-browse-not-storage = Учетная запись обзора — это вход, а не учетная запись хранения: откройте одну из учетных записей хранения, перечисленных под ней.
accounts-profiles-no-sign-in-settings = Отсутствуют параметры входа. Измените учетную запись и выберите способ входа.
accounts-profiles-no-sign-in = Данных входа нет в связке ключей (или они хранились только для прошлого запуска). Измените учетную запись и войдите снова.
accounts-profiles-secret-entra-only = Секрет входа бывает только у учетной записи Microsoft Entra ID.
accounts-profiles-no-secret = Ключа или SAS нет в связке ключей (или они хранились только для прошлого запуска). Измените учетную запись и введите их снова.

## The settings file (src/app/accounts/settings_file.rs).
accounts-settings-file-high-contrast = высокая контрастность
accounts-settings-file-dark = темная тема
accounts-settings-file-light = светлая тема
accounts-settings-file-bad-params = параметры ключа в файле непригодны ({ $why })
accounts-settings-file-no-key = не удалось получить ключ ({ $why })
accounts-settings-file-short-passphrase = Парольная фраза должна содержать не менее { $min } символов: только она защищает секреты в файле.
accounts-settings-file-passphrases-differ = Парольные фразы не совпадают: введите одну и ту же дважды.
accounts-settings-file-not-encrypted = не удалось зашифровать секреты
accounts-settings-file-unknown-cipher = Секреты зашифрованы с помощью { $cipher } и { $kdf }; эта версия не может их открыть.
accounts-settings-file-bad-salt = Зашифрованные секреты файла повреждены (соль не читается).
accounts-settings-file-bad-nonce = Зашифрованные секреты файла повреждены (nonce не читается).
accounts-settings-file-bad-ciphertext = Зашифрованные секреты файла повреждены (шифртекст не читается).
accounts-settings-file-bad-plain = Зашифрованные секреты файла повреждены (зашифрованное содержимое не читается).
accounts-settings-file-too-costly = Файл требует получения ключа, намного более затратного, чем записывает Tessera: он не открыт.
accounts-settings-file-wrong-passphrase = Парольная фраза не открывает секреты этого файла. Проверьте её (это та, что была введена при экспорте файла) или импортируйте без секретов.
accounts-settings-file-changed = Этот файл изменили после экспорта: парольная фраза верна, но учётная запись, конечная точка, узел входа или другой параметр в нём не совпадает с тем, что было запечатано вместе с секретами, и секреты могли бы уйти не туда. Из файла ничего не импортируется. Попросите того, кто его экспортировал, прислать файл ещё раз или экспортируйте его заново.
accounts-settings-file-earlier-seal = Этот файл экспортирован более ранней версией Tessera, печать которой не охватывает учётные записи: любой мог без парольной фразы направить одну из них на другой узел. Секреты из него не берутся; остальное можно импортировать, и каждая учётная запись снова попросит свой секрет. Чтобы перенести и секреты, экспортируйте файл заново этой версией.
accounts-settings-file-not-json = Файл не в формате JSON ({ $why }). Выберите файл, экспортированный Tessera.
accounts-settings-file-not-settings = Это не файл параметров Tessera. Выберите файл, записанный экспортом параметров.
accounts-settings-file-newer = Файл записан более новой версией Tessera (версия параметров { $version }); эта читает версию { $reads }. Обновите Tessera, чтобы импортировать его.
accounts-settings-file-unreadable = Не удается прочитать файл параметров ({ $why }).

## The Entra ID part of the account form (src/app/accounts/entra_form.rs).
accounts-entra-form-sign-in-with = Способ входа:
accounts-entra-form-tenant-cli-hint = необязательно: клиент CLI по умолчанию
accounts-entra-form-tenant-hint = идентификатор каталога или домен, например contoso.onmicrosoft.com
accounts-entra-form-tenant = Клиент:
accounts-entra-form-cli-about = Используется Azure CLI, в котором выполнен вход (`az login`): приложение не работает с секретами. Маркеры запрашиваются у `az account get-access-token` и обновляются до истечения срока.
accounts-entra-form-client-id = Идентификатор клиента:
accounts-entra-form-client-id-hint = идентификатор регистрации приложения
accounts-entra-form-keep-secret-hint = оставьте пустым, чтобы сохранить прежний секрет
accounts-entra-form-client-secret = Секрет клиента:
accounts-entra-form-secret-keychain = Секрет клиента сохраняется в связке ключей ОС, но никогда не в файле списка учетных записей.
accounts-entra-form-public-client-hint = ваша регистрация приложения (общедоступный клиент)
accounts-entra-form-host-section = Узел входа (национальные облака)
accounts-entra-form-host = Узел входа:
accounts-entra-form-sign-in-again = Входите снова, только если срок сохраненного входа истек.
accounts-entra-form-browser = Войти через браузер
accounts-entra-form-code = Войти с кодом
accounts-entra-form-asking = Запрос кода…
accounts-entra-form-enter-code = Откройте страницу ниже в любом браузере и введите этот код:
accounts-entra-form-copy-code = Копировать код
accounts-entra-form-waiting = Ожидание завершения входа (срок действия кода истекает через { $left } с)…
accounts-entra-form-cancel = Отменить вход
accounts-entra-form-finish-in-browser = Завершите вход в открывшемся окне браузера.
accounts-entra-form-waiting-browser = Ожидание ответа браузера…
accounts-entra-form-open-again = Открыть страницу снова
accounts-entra-form-signed-in = Вход выполнен. Сохраните учетную запись, чтобы сохранить этот вход (его маркер обновления будет помещен в связку ключей ОС).
accounts-entra-form-cancelled = Вход отменен.

## Connections (src/app/accounts/connections.rs).
accounts-connections-blob = BLOB-объекты
accounts-connections-queue = очереди
accounts-connections-table = таблицы
accounts-connections-reachable = { $service }: доступно, проверка подлинности пройдена ({ $ms } мс)
accounts-connections-failed =
    Не удалось открыть учетную запись: { $why }
    Закройте это окно, исправьте учетную запись («Изменить…») и откройте ее снова.
accounts-connections-connecting = Подключение к учетной записи…

## A browse account in the tree (src/app/accounts/browse.rs, browse_session.rs).
accounts-browse-reading-sign-in = Чтение данных входа…
accounts-browse-refresh = Обновить
accounts-browse-listing-tenants = Получение списка клиентов…
accounts-browse-no-tenant = Вход не относится ни к одному клиенту: войдите с рабочей или учебной учетной записью.
accounts-browse-tenant = Клиент { $name }
accounts-browse-tenant-domain = Клиент { $name } ({ $domain })
accounts-browse-listing-subscriptions = Получение списка подписок…
accounts-browse-no-subscriptions = Подписок нет: у вошедшего удостоверения нет роли ни в одной подписке этого клиента (запросите роль «Читатель» для одной из них), или они находятся в другом клиенте.
accounts-browse-filter-hint = фильтр подписок
accounts-browse-filter = Фильтр подписок
accounts-browse-choose-shown = Выбрать видимые…
accounts-browse-not-shown = Не показано подписок: { $count } из { $total }.
accounts-browse-subscription = Подписка { $id }
accounts-browse-listing-accounts = Получение списка учетных записей хранения…
accounts-browse-no-accounts = В этой подписке нет учетных записей хранения.
accounts-browse-opened-key = Открыто с ключом учетной записи (хранится только в памяти).
accounts-browse-opened-sign-in = Открыто с вашими данными входа.
accounts-browse-listing-keys = Получение ключей учетной записи…
accounts-browse-use-sign-in = Использовать мой вход
accounts-browse-use-key = Использовать ключ учетной записи
accounts-browse-use-key-hint = Получает ключи учетной записи (listKeys) и открывает ее с первым из них; ключ хранится только в памяти.
accounts-browse-key-off = Доступ по общему ключу (Shared Key) отключен для этой учетной записи: открыть ее можно только через вход.
accounts-browse-copy-id = Копировать идентификатор ресурса
accounts-browse-group = группа { $group }
accounts-browse-hns = иерархическое пространство имен
accounts-browse-key-allowed = Shared Key разрешен
accounts-browse-key-off-short = Shared Key отключен
accounts-browse-session-no-settings = Отсутствуют параметры входа. Измените учетную запись.
accounts-browse-session-no-sign-in = Данных входа нет в связке ключей. Измените учетную запись и войдите снова.
accounts-browse-session-op-open = Открытие учетной записи хранения `{ $account }`
accounts-browse-session-op-keys = Получение ключей учетной записи
accounts-browse-session-no-keys = Resource Manager не вернул ключей для этой учетной записи.

## The account list file (src/app/accounts/account_file.rs, saver.rs).
accounts-account-file-unreadable = Не удается прочитать список учетных записей { $path } ({ $why }). Он оставлен как есть и в этом сеансе не перезаписывается: добавленные или измененные сейчас учетные записи сохранятся только до закрытия приложения. Исправьте разрешения файла и перезапустите приложение.
accounts-account-file-not-a-list = это не список учетных записей
accounts-account-file-broken = Не удается прочитать список учетных записей { $path } ({ $why }). { $copy } В этом сеансе он не перезаписывается: добавленные или измененные сейчас учетные записи сохранятся только до закрытия приложения. Исправьте или переместите файл и перезапустите приложение.
accounts-account-file-no-label = (без метки)
accounts-account-file-entry = запись { $n } `{ $label }`: { $why }
accounts-account-file-kept = Эта версия не может прочитать учетные записи в { $path }: { $count } из { $total } ({ $why }). Они сохранены в файле без изменений и не показаны; остальные ({ $listed }) отображаются в списке. { $copy }
accounts-account-file-copied = Копия файла в прежнем виде находится в { $path }.
accounts-account-file-not-copied = Не удалось создать его копию ({ $why }).
accounts-account-file-not-saved = Не удается сохранить список учетных записей { $path }: { $why }
accounts-saver-not-saved = Это изменение не сохранено и действует до закрытия приложения. { $why }

## The keychain (src/app/accounts/secrets.rs).
accounts-secrets-no-store = хранилище связки ключей не зарегистрировано
accounts-secrets-refused = связка ключей отказала: { $why }
accounts-secrets-unreadable = Не удалось прочитать связку ключей: { $why }
accounts-secrets-unusable = Связка ключей недоступна для использования: { $why }
accounts-secrets-no-secret-service = Связка ключей недоступна (нет Secret Service на сеансовой шине D-Bus: { $why })
accounts-secrets-no-macos = Связка ключей macOS недоступна: { $why }
accounts-secrets-no-windows = Диспетчер учетных данных Windows недоступен: { $why }
accounts-secrets-unsupported = На этой платформе связка ключей не поддерживается

## The tree's lists (src/app/accounts/resource_list.rs).
accounts-resource-list-public = общий доступ

## What the tree and the account form ask of the app (src/app/frame/account_actions.rs).
frame-account-actions-no-account = ни одной учетной записи
frame-account-actions-accounts = { $count ->
        [one] { $count } учетная запись
        [few] { $count } учетные записи
        [many] { $count } учетных записей
       *[other] { $count } учетной записи
    }: { $names }
frame-account-actions-secrets = { $count ->
        [one] { $count } секрет
        [few] { $count } секрета
        [many] { $count } секретов
       *[other] { $count } секрета
    }
frame-account-actions-forgotten = { $names } — подключить снова с собственным секретом (параметры изменились)
frame-account-actions-recent = { $count ->
        [one] { $count } недавно открытый ресурс
        [few] { $count } недавно открытых ресурса
        [many] { $count } недавно открытых ресурсов
       *[other] { $count } недавно открытого ресурса
    }
frame-account-actions-proxy = выбор прокси-сервера
frame-account-actions-look = оформление ({ $look })
frame-account-actions-imported = Импортировано: { $what }.
frame-account-actions-partly-deleted-containers = Удалено контейнеров: { $deleted } из { $total }{ $names }; не удалены: { $failed }.
frame-account-actions-partly-deleted-queues = Удалено очередей: { $deleted } из { $total }{ $names }; не удалены: { $failed }.
frame-account-actions-partly-deleted-tables = Удалено таблиц: { $deleted } из { $total }{ $names }; не удалены: { $failed }.

## The runtime (src/app/runtime/*.rs).
runtime-fonts-install = установите для него шрифт (Debian/Ubuntu: sudo apt install { $packages }) и перезапустите приложение
runtime-fonts-add = добавьте для него шрифт в параметрах шрифтов системы и перезапустите приложение
runtime-fonts-missing = В системе нет шрифта для текста { $scripts }: { $hint }.
runtime-dialogs-supported = Поддерживаемые файлы
runtime-jobs-op = Задание
runtime-transfer-journal-upload = Отправка { $file } в { $container }/{ $blob }
runtime-transfer-journal-download = Скачивание { $container }/{ $blob } в { $path }
runtime-transfer-journal-upload-folder = Отправка папки { $folder } в { $container }/{ $blob }
runtime-transfer-journal-download-folder = Скачивание папки { $container }/{ $blob } в { $path }
