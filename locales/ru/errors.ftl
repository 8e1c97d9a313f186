# Что приложение говорит вокруг ошибок службы и своих отказов (русский).

## Почему операция с хранилищем не удалась и что делать (src/storage/error.rs)

error-failed = Сбой операции «{ $operation }»: { $hint }
error-string-signed = Подписанная строка: { $signed }
error-request-id = (идентификатор запроса { $id })
error-cancelled = отменено
error-hint-invalid = Ничего не отправлено. Исправьте введенные данные и повторите попытку.
error-hint-cancelled = Отменено до завершения; больше ничего отправлено не будет.
error-hint-changed-since-read = Кто-то другой изменил это после того, как вы это прочитали (служба не поддерживает условия для этой записи, поэтому приложение перечитало данные непосредственно перед записью). Ничего не записано. Обновите, чтобы увидеть их версию, затем повторите свое изменение или запишите принудительно.
error-hint-io = Не удалось прочитать или записать локальный файл. Проверьте путь, свободное место и разрешения.
error-hint-decode = Конечная точка ответила не так, как отвечает служба хранилища. Проверьте, что конечная точка указывает на нужную службу.
error-hint-circuit-open = Конечная точка несколько раз подряд не ответила, поэтому приложение ненадолго перестало отправлять ей запросы. Оно само повторит попытку; пока проверьте конечную точку или сеть.
error-hint-outcome-unknown-answered = Служба дала сбой при выполнении этого запроса (она вернула ошибку, которая может возникнуть уже после внесения изменения), а этот запрос небезопасно повторять. Он мог как выполниться, так и нет: проверьте (просмотрите очередь, перезагрузите элемент), прежде чем пробовать снова.
error-hint-outcome-unknown = Соединение прервалось после отправки запроса, а этот запрос небезопасно повторять. Он мог как выполниться, так и нет: проверьте (просмотрите очередь, перезагрузите элемент), прежде чем пробовать снова.
error-hint-timeout = Служба не ответила вовремя. Возможно, она перегружена или недоступна; повторите попытку чуть позже.
error-hint-sign-in = Не удалось получить маркер входа, поэтому в службу хранилища ничего не отправлено. { $sign_in }
error-hint-sign-in-settings = Проверьте параметры входа учетной записи и повторите попытку.
error-role-blob = Storage Blob Data Reader (для чтения) или Storage Blob Data Contributor (для записи)
error-role-queue = Storage Queue Data Reader (для просмотра), Storage Queue Data Message Processor (для извлечения и удаления) или Storage Queue Data Contributor
error-role-table = Storage Table Data Reader (для чтения) или Storage Table Data Contributor (для записи)
error-role-any = роль Storage … Data для этой службы
error-scope-container = этот контейнер
error-scope-queue = эту очередь
error-scope-table = эту таблицу
error-scope-resource = этот ресурс
error-the-endpoint = конечной точке
error-hint-untrusted-certificate = Этот компьютер не доверяет сертификату, полученному при подключении к { $endpoint }. Если у конечной точки собственный сертификат (эмулятор, запущенный с --cert, корпоративный TLS-прокси, частная конечная точка), выберите PEM-файл этого сертификата в поле «Доверять сертификату» в параметрах учетной записи; остальное хранилище доверенных сертификатов не меняется.
error-hint-emulator-not-running = На { $endpoint } никто не ожидает подключений: локальный эмулятор (Azurite) не запущен. Запустите его командой `npx azurite --inMemoryPersistence --disableTelemetry` или воспользуйтесь командой запуска приложения, которая его запускает.
error-hint-nothing-listening = На { $endpoint } никто не ожидает подключений. Запустите эмулятор или прокси, который должен там работать, или проверьте порт.
error-hint-unreachable = Не удалось подключиться к { $endpoint }. Проверьте адрес конечной точки, сеть, а также прокси или брандмауэр на пути.
error-hint-arm-no-role = У вошедшего удостоверения нет роли, которая разрешает это здесь. Для списка учетных записей хранения нужна роль Reader (или любая роль с Microsoft.Storage/storageAccounts/read) в подписке; для использования ключа учетной записи — Storage Account Key Operator или Contributor. Обратитесь к владельцу подписки; назначение ролей может вступить в силу через несколько минут.
error-hint-other-tenant = Вход выполнен в другой клиент, не в клиент этой подписки: войдите и в него. { $sign_in }
error-hint-arm-token-refused = Resource Manager отклонил маркер входа (срок действия истек, или маркер выдан не для Resource Manager). { $sign_in }
error-hint-subscription-not-found = Подписка не найдена в этом клиенте: она перемещена, отменена или принадлежит другому клиенту. Обновите список.
error-hint-sas-expired-at = Срок действия SAS истек { $expiry } (UTC). Создайте новый SAS и измените учетную запись, чтобы использовать его.
error-hint-clock = Служба отклонила время запроса: часы этого компьютера идут неверно. Исправьте время и повторите попытку.
error-hint-no-data-role = У вошедшего удостоверения нет роли данных, которая это разрешает. Попросите владельца учетной записи хранения назначить ему { $role } на учетную запись (или на { $scope }). Роли управления, такие как Owner или Contributor, не дают доступа к данным; назначение ролей может вступить в силу через несколько минут.
error-hint-token-refused = Служба отклонила маркер входа. { $sign_in }
error-hint-token-refused-because = Служба отклонила маркер входа ({ $detail }). { $sign_in }
error-hint-identity-refused = Служба отклонила этот запрос для вошедшего удостоверения. Причиной может быть сетевое правило или брандмауэр учетной записи либо роль данных, не охватывающая эту операцию; код и сообщение ниже уточняют, что именно.
error-hint-identity-refused-because = Служба отклонила этот запрос для вошедшего удостоверения ({ $detail }). Причиной может быть сетевое правило или брандмауэр учетной записи либо роль данных, не охватывающая эту операцию; код и сообщение ниже уточняют, что именно.
error-hint-key-access-off = Эта учетная запись не разрешает доступ по ключам или SAS, созданным из ключей (доступ по общему ключу отключен). Добавьте ее как учетную запись Microsoft Entra ID.
error-hint-signature-form = Служба не приняла подпись этого запроса, хотя те же учетные данные подошли для предыдущих запросов: ключ верный. Приложение подписало запрос в форме, которую служба вычисляет иначе, или что-то на пути (прокси) изменило запрос после подписи. Строка, которую подписало приложение, приведена ниже (и в HTTP-инспекторе) для сравнения с тем, что ожидает служба.
error-hint-bad-signature = Служба не смогла проверить подпись: ключ учетной записи неверен или часы этого компьютера расходятся более чем на 15 минут. Проверьте ключ (или SAS) и часы.
error-hint-sas-permission = SAS не разрешает эту операцию. Создайте SAS с нужным разрешением, службой и типом ресурса.
error-hint-sas-expired = Срок действия SAS истек. Создайте новый.
error-hint-access-refused = В доступе отказано. Проверьте ключ учетной записи или SAS и его разрешения.
error-hint-lease-precondition = BLOB-объект или контейнер арендован другим клиентом, а эта запись не содержала идентификатор аренды. Дождитесь окончания аренды, прервите ее или выполните запись с идентификатором аренды.
error-hint-precondition = Кто-то другой изменил это после загрузки (ETag больше не совпадает, или объект существует, хотя не должен). Обновите, чтобы увидеть их версию, или запишите принудительно.
error-hint-lease-conflict = Мешает аренда: ресурс арендован, или аренда находится в состоянии, которое этого не допускает. Проверьте индикатор аренды.
error-hint-already-exists = Уже существует. Выберите другое имя или откройте существующий.
error-hint-being-deleted = Удаляется; службе нужно немного времени, прежде чем имя можно будет использовать снова.
error-hint-conflict = Конфликтует с текущим состоянием ресурса (он существует, арендован или занят). Обновите и повторите попытку.
error-hint-message-not-found = Сообщение исчезло, или квитанция извлечения устарела: сообщение снова стало видимым или было обновлено, и теперь его может держать кто-то другой. Извлеките его снова, чтобы получить актуальную квитанцию.
error-hint-pop-receipt = Квитанция извлечения устарела: сообщение с тех пор было извлечено или обновлено. Извлеките его снова, чтобы получить актуальную квитанцию.
error-hint-not-found = Не существует (больше). Обновите, чтобы увидеть, что есть сейчас.
error-hint-bad-request = Служба отклонила запрос как неправильно сформированный. Сообщение ниже указывает, какая часть.
error-hint-busy = Служба сейчас занята или дает сбои. Повторите попытку чуть позже.
error-hint-too-large = Запрос слишком велик для службы.
error-hint-refused = Служба отклонила запрос. Код и сообщение ниже объясняют причину.

## Отказы до подписания SAS (src/storage/service_sas.rs, account_sas.rs, blob/sas.rs)

error-sas-ip-invalid = `{ $ip }` — не IPv4-адрес и не диапазон вида 168.1.5.60-168.1.5.70.
error-sas-service-needs-key = SAS службы можно подписать только ключом учетной записи, а у этой учетной записи его нет.
error-sas-service-needs-key-or-delegation = SAS службы можно подписать только ключом учетной записи, а у этой учетной записи его нет. Учетная запись со входом создает SAS делегирования пользователя.
error-sas-account-needs-key = SAS учетной записи можно подписать только ключом учетной записи, а у этой учетной записи его нет.
error-sas-delegation-key-needs-sign-in = Ключ делегирования пользователя можно получить только при входе через Microsoft Entra ID; с ключом учетной записи создайте SAS службы.
error-sas-not-a-permission = `{ $letter }` — здесь не разрешение; допустимы: { $allowed }.
error-sas-not-a-service = `{ $letter }` — не служба, которую принимает SAS учетной записи: { $allowed }.
error-sas-not-a-resource-type = `{ $letter }` — не тип ресурса, который принимает SAS учетной записи: { $allowed }.
error-sas-not-an-account-permission = `{ $letter }` — не разрешение, которое принимает SAS учетной записи: { $allowed }.
error-sas-choose-service = Выберите хотя бы одну службу.
error-sas-choose-resource-type = Выберите хотя бы один тип ресурса.
error-sas-choose-permissions = Выберите хотя бы одно разрешение.
error-sas-choose-permission = Выберите хотя бы одно разрешение.
error-sas-choose-permission-or-policy = Выберите хотя бы одно разрешение или хранимую политику доступа.
error-sas-choose-expiry = Выберите срок действия.
error-sas-choose-expiry-or-policy = Выберите срок действия или хранимую политику доступа, в которой он задан.
error-sas-expiry-before-start = Срок действия должен заканчиваться позже начала.

## Правила именования, проверяемые до отправки (src/storage/names.rs)

error-names-table-length = Имя таблицы `{ $name }` должно содержать от 3 до 63 символов.
error-names-table-characters = Имя таблицы `{ $name }` может содержать только буквы и цифры.
error-names-table-start = Имя таблицы `{ $name }` должно начинаться с буквы.
error-names-table-reserved = `tables` — зарезервированное имя.
error-names-container-length = Имя контейнера `{ $name }` должно содержать от 3 до 63 символов.
error-names-container-characters = Имя контейнера `{ $name }` может содержать только строчные буквы, цифры и дефисы.
error-names-container-hyphens = Имя контейнера `{ $name }` должно начинаться и заканчиваться буквой или цифрой и не может содержать `--`.
error-names-queue-length = Имя очереди `{ $name }` должно содержать от 3 до 63 символов.
error-names-queue-characters = Имя очереди `{ $name }` может содержать только строчные буквы, цифры и дефисы.
error-names-queue-hyphens = Имя очереди `{ $name }` должно начинаться и заканчиваться буквой или цифрой и не может содержать `--`.
error-names-blob-dot-segment = Имя BLOB-объекта `{ $name }` содержит сегмент пути `{ $segment }`. В URL `.` и `..` означают «эта папка» и «папка уровнем выше», поэтому такое имя указывало бы на другой BLOB-объект; выберите имя без них.
error-names-blob-length = Имя BLOB-объекта должно содержать от 1 до 1024 символов (в этом — { $chars }).
error-names-blob-control = Имя BLOB-объекта содержит управляющий символ { $character }.
error-names-blob-segments = Имя BLOB-объекта может содержать не более 254 сегментов пути.

## Отказы до отправки запроса к очереди (src/storage/queue/mod.rs)

error-queue-count = Служба возвращает от 1 до 32 сообщений за вызов, а не { $count }.
error-queue-too-large = В сохраненном виде сообщение занимает { $kib } КиБ; служба принимает не более 64 КиБ (Base64 добавляет треть).
error-queue-control-character = Текст содержит { $character }, который нельзя передать в XML; выберите Base64.
error-queue-visibility-too-long = Время ожидания видимости — не более семи дней (604800 с).
error-queue-ttl-too-short = Срок жизни — не менее одной секунды.
error-queue-dequeue-visibility = Для извлечения нужно время ожидания видимости не менее одной секунды.
error-queue-text-not-utf8 = Сообщения в виде обычного текста должны быть в UTF-8; для двоичного содержимого выберите Base64.
error-queue-metadata-now = метаданные очереди сейчас: { $metadata }
error-queue-metadata-none = нет

## Отказы до отправки сущности, пакета или запроса (src/storage/table)

error-entity-too-many-properties = У сущности свойств: { $count }; служба допускает { $allowed } помимо PartitionKey, RowKey и Timestamp.
error-entity-property-twice = Свойство `{ $name }` встречается дважды.
error-entity-value-too-large = Свойство `{ $name }` занимает { $kib } КиБ; строки (в UTF-16) и двоичные значения могут занимать не более 64 КиБ.
error-entity-too-large = По подсчету службы сущность занимает { $kib } КиБ; предел — 1 МиБ.
error-entity-key-character = { $which } `{ $key }` содержит { $character }, что недопустимо в ключах.
error-entity-key-too-long = { $which } длиннее 1 КиБ (в UTF-16).
error-entity-property-no-name = У свойства нет имени.
error-entity-property-name-too-long = Имя свойства `{ $name }` длиннее 255 символов.
error-entity-property-name-system = `{ $name }` — имя системного свойства, его нельзя использовать для свойства.
error-entity-property-name-characters = Имя свойства `{ $name }` должно начинаться с буквы или `_` и содержать только буквы, цифры и `_`.
error-batch-too-large = Пакет занимает { $kib } КиБ; служба принимает не более 4 МиБ.
error-batch-count = Пакет содержит от 1 до 100 операций, а не { $count }.
error-batch-other-partition = Операция { $number } относится к секции `{ $partition_key }`, но пакет должен оставаться в одной секции (`{ $partition }`).
error-batch-row-twice = RowKey `{ $row_key }` встречается дважды; пакет может затрагивать каждую сущность только один раз.
error-table-filter-invalid = Фильтр недопустим в позиции { $column }: { $message }
error-table-page-size = Страница содержит от 1 до 1000 сущностей, а не { $top }.

## Почему не удалось получить маркер входа и как войти снова (src/storage/azure_cli.rs, oauth.rs)

error-cli-sign-in-again = Войдите снова командой `{ $command }` и повторите попытку; открытые вкладки и несохраненные изменения останутся как есть.
error-cli-too-slow = `az account get-access-token` не завершилась за { $seconds } с
error-cli-not-installed = Azure CLI (`{ $program }`) не установлен или отсутствует в PATH. Установите его (https://learn.microsoft.com/cli/azure/install-azure-cli), выполните `az login` и повторите попытку.
error-cli-not-started = Не удалось запустить `{ $program }`: { $error }
error-cli-no-message = (нет сообщения)
error-cli-not-signed-in = В Azure CLI не выполнен вход (сообщение: { $said }). Выполните `{ $command }` и повторите попытку.
error-cli-sign-in-ended = Вход в Azure CLI отклонен или истек (сообщение: { $said }). Снова выполните `{ $command }` и повторите попытку.
error-cli-failed = Ошибка `az account get-access-token`: { $said }
error-cli-answer-not-json = Ответ Azure CLI — не тот JSON, который выводит `az account get-access-token` ({ $why }).
error-cli-answer-no-token = В ответе Azure CLI нет `accessToken`.
error-cli-answer-no-expiry = В ответе Azure CLI не сказано, когда истекает токен.
error-oauth-check-secret = Проверьте секрет клиента субъекта-службы (измените учетную запись, чтобы ввести новый) и повторите попытку; открытые вкладки и несохраненные изменения останутся как есть.
error-oauth-sign-in-again = Войдите снова: «Изменить учетную запись…», «Войти через браузер» (или «Войти с кодом»), «Сохранить учетную запись»; затем повторите попытку. Открытые вкладки и несохраненные изменения останутся как есть.

## Отказы прокси и проверка адреса прокси (src/storage/proxy.rs)

error-proxy-enter-address = Введите адрес прокси, например http://proxy.contoso.com:3128.
error-proxy-not-an-address = `{ $text }` — не адрес прокси ({ $error }); пример: http://proxy.contoso.com:3128.
error-proxy-scheme = `{ $text }` — не адрес прокси: укажите http://узел:порт (схему самого прокси, а не сайтов).
error-proxy-credentials-in-address = Укажите имя пользователя и пароль прокси в отдельных полях (пароль хранится в связке ключей ОС), а не в адресе.
error-proxy-path = `{ $text }` содержит путь: укажите только http://узел:порт.
error-proxy-refused-credentials = Прокси отклонил имя пользователя и пароль (HTTP 407). Проверьте их в меню «Сервис > Прокси…».
error-proxy-asks-credentials = Прокси запрашивает имя пользователя и пароль (HTTP 407). Введите их в меню «Сервис > Прокси…».
error-proxy-system-asks-credentials = Системный прокси запрашивает имя пользователя и пароль (HTTP 407), которые это приложение не может взять из системы. Задайте прокси с именем пользователя и паролем в меню «Сервис > Прокси…».
error-proxy-tunnel = Прокси не открыл подключение к конечной точке. Проверьте адрес прокси в меню «Сервис > Прокси…» (или системные параметры прокси), а также что прокси разрешает этот узел.

## Отказы до отправки запроса к BLOB-объекту (src/storage/blob)

error-lease-duration = Аренда длится от 15 до 60 секунд или бессрочно, а не { $seconds } с.
error-lease-id = `{ $id }` — не идентификатор аренды (GUID вида 6f9619ff-8b86-d011-b42d-00c04fc964ff).
error-lease-break-period = Период прерывания — от 0 до 60 секунд, а не { $seconds }.
error-append-size = Добавление принимает от 1 байта до 4 МиБ; здесь байт: { $bytes }.
error-page-blob-size = Размер страничного BLOB-объекта должен быть положительным и кратным 512 байтам; { $size } не подходит.
error-pages-write = Страницы записываются по 512 байт, не более 4 МиБ, по смещению, кратному 512: { $length } байт по смещению { $offset } не подходят.
error-pages-clear = Страницы очищаются по 512 байт, по смещению, кратному 512: { $length } байт по смещению { $offset } не подходят.
error-tags-count = BLOB-объект принимает не более { $max } тегов; здесь их { $count }.
error-tags-key-length = Ключ тега `{ $key }` должен содержать от 1 до 128 символов.
error-tags-value-length = Значение тега `{ $key }` содержит символов: { $length }; допустимо не более 256.
error-tags-character = Тег `{ $key }` содержит `{ $character }`: в ключах и значениях допустимы только буквы, цифры, пробел и + - . / : = _.
error-tags-key-twice = Ключ тега `{ $key }` указан дважды.
error-tags-find-what = Укажите, какие теги искать: `"status" = 'done'`.
error-upload-too-large = Размер файла — { $size } байт; блочный BLOB-объект вмещает не более { $max_blocks } блоков по 4000 МиБ.
error-upload-foreign-blocks = У BLOB-объекта есть блоки, подготовленные другим средством и не зафиксированные (идентификаторы вида `{ $id }`, другой длины, чем у этого приложения), а служба не принимает блоки другой длины, пока они не будут зафиксированы или удалены (Azure удаляет незафиксированные блоки через неделю). Отправьте под другим именем либо зафиксируйте или перезапишите BLOB-объект средством, которое подготовило блоки. Ничего не отправлено.
error-upload-etag-now = ETag BLOB-объекта теперь { $etag }, поэтому условие отправки не выполняется.
error-upload-no-blob-for-if-match = BLOB-объект не существует, поэтому условие If-Match не может выполниться.
error-file-changed-while-sent = не удалось прочитать файл целиком ({ $error }): не изменился ли он во время отправки?
error-file-empty-append = Файл пуст: добавлять нечего.
error-append-past-max = BLOB-объект вырос бы до { $size } байт, больше заданного максимума { $max }.
error-file-empty-pages = Файл пуст: нет страниц для записи.
error-pages-file-length = Страницы записываются по 512 байт: размер файла — { $length } байт, не кратно 512 (дополните его или обрежьте до { $cut } байт). Ничего не записано.
error-pages-offset = Смещение { $offset } не кратно 512. Ничего не записано.
error-pages-past-end = { $length } байт файла по смещению { $offset } выходят за конец BLOB-объекта ({ $size } байт) на { $over } байт. Ничего не записано: измените размер BLOB-объекта или запишите по меньшему смещению.

## Проверка строки подключения (src/storage/connection_string.rs)

error-cs-empty = Строка подключения пуста.
error-cs-part-form = Часть { $part } строки подключения не имеет вид Имя=Значение.
error-cs-unknown-setting = В строке подключения есть неизвестный параметр `{ $setting }`. Известные параметры: { $known }.
error-cs-unknown-setting-in-part = В строке подключения есть неизвестный параметр в части { $part }. Известные параметры: { $known }.
error-cs-twice = Строка подключения задает `{ $setting }` дважды.
error-cs-key-and-sas = В строке подключения есть и AccountKey, и SharedAccessSignature; оставьте что-то одно.
error-cs-protocol = DefaultEndpointsProtocol имеет значение `{ $protocol }`; допустимы `https` или `http`.
error-cs-different-sas = Конечные точки строки подключения содержат разные маркеры SAS; оставьте один — в SharedAccessSignature.
error-cs-no-account = В строке подключения нет ни AccountName, ни BlobEndpoint, QueueEndpoint или TableEndpoint.
error-cs-suffix = EndpointSuffix `{ $suffix }` не является окончанием имени узла (содержит `{ $bad }`); он должен выглядеть как `core.windows.net`. Для конечной точки с путем укажите вместо него BlobEndpoint, QueueEndpoint и TableEndpoint.
error-cs-endpoint-sas-and-key = Конечная точка строки подключения содержит SAS, а в строке также есть AccountKey; оставьте что-то одно.
error-cs-endpoint-sas-and-other-sas = Конечная точка строки подключения содержит SAS, а в строке также есть другой SharedAccessSignature; оставьте что-то одно.
error-cs-key-without-name = В строке подключения есть AccountKey, но нет AccountName.
error-cs-development-value = UseDevelopmentStorage имеет значение `{ $value }`; допустимо только `true`.
error-cs-development-combined = UseDevelopmentStorage=true нельзя сочетать с `{ $setting }`.

## Параметры учетной записи, проверяемые при чтении (src/storage/account.rs)

error-account-key-empty = Ключ учетной записи пуст.
error-account-key-base64 = Ключ учетной записи — недопустимая строка base64 ({ $error }). Скопируйте его снова со страницы «Ключи доступа» на портале.
error-account-sas-empty = Подписанный URL-адрес доступа (SAS) пуст.
error-account-sas-no-sig = В SAS нет части `sig=`. Скопируйте маркер SAS или URL-адрес целиком.
error-account-sas-url-not-url = URL-адрес SAS не является URL-адресом ({ $error }).
error-account-sas-url-scheme = URL-адрес SAS должен начинаться с https:// (или http:// для эмулятора).
error-account-sas-url-which-service = Из URL-адреса SAS не видно, для чего он — для контейнера, очереди или таблицы; выберите одно.
error-account-sas-url-no-account = В URL-адресе SAS после узла не указана учетная запись.
error-account-sas-url-no-resource = В URL-адресе SAS не указан контейнер, очередь или таблица. Для SAS на всю учетную запись используйте строку подключения.
error-account-no-blob-endpoint = У учетной записи `{ $account }` нет конечной точки BLOB-объектов: ее строка подключения или URL-адрес SAS ее не указывает.
error-account-no-queue-endpoint = У учетной записи `{ $account }` нет конечной точки очередей: ее строка подключения или URL-адрес SAS ее не указывает.
error-account-no-table-endpoint = У учетной записи `{ $account }` нет конечной точки таблиц: ее строка подключения или URL-адрес SAS ее не указывает.
error-account-name-empty = Имя учетной записи пусто.
error-account-name-characters = Имя учетной записи `{ $name }` может содержать только буквы и цифры.
error-account-endpoint-of-blob = Конечная точка BLOB-объектов
error-account-endpoint-of-queue = Конечная точка очередей
error-account-endpoint-of-table = Конечная точка таблиц
error-account-endpoint-has-sas = { $setting } содержит подписанный URL-адрес доступа (`?…sig=…`). Конечная точка — это только адрес службы: удалите часть начиная с `?` или добавьте учетную запись как URL-адрес SAS или строку подключения.
error-account-endpoint-not-url = { $setting } `{ $url }` — недопустимый URL-адрес ({ $error }).
error-account-endpoint-scheme = { $setting }: `{ $url }` не является URL-адресом http:// или https:// с узлом.
error-account-endpoint-query = { $setting } `{ $url }` содержит запрос (`?…`). Конечная точка — это только адрес службы: удалите часть начиная с `?`.

## Отказы при построении запроса и приостановленная конечная точка (src/storage/pipeline.rs, request.rs)

error-request-dot-segment = Имя `{ $name }` содержит сегмент пути `{ $segment }`. В URL `.` и `..` означают «эта папка» и «папка уровнем выше», поэтому запрос попал бы к другому ресурсу; к таким именам нельзя обратиться. Ничего не отправлено.
error-request-invalid-url = Из `{ $path }` не получается допустимый URL-адрес ({ $error }).
error-request-header-name = `{ $name }` нельзя использовать как имя заголовка.
error-request-header-not-ascii = Значение `{ $name }` содержит символы, которые нельзя передать в HTTP-заголовках (только ASCII): `{ $value }`. Ничего не отправлено.
error-request-header-rfc5987 = Имя файла запишите в форме RFC 5987, например `attachment; filename*=UTF-8''{ $encoded }`.
error-request-header-write-ascii = Запишите его в ASCII (остальное закодируйте в процентной кодировке или Base64).
error-circuit-paused = Ошибок подряд на конечной точке { $service }: { $failures } (последняя: { $last }); пауза еще { $seconds } с

## Проверки скачивания (src/storage/blob/download.rs)

error-download-no-size = В ответе о BLOB-объекте не указан его размер (нет Content-Length; его может отбрасывать прокси на пути), поэтому скачивание нельзя проверить. Ничего не сохранено.
error-download-under-way = В { $path } уже идет другое скачивание (в этом приложении или в другом его экземпляре). Дождитесь его завершения или скачайте под другим именем.
error-download-link-at = По пути { $path }, где скачивание хранит свой файл, находится ссылка: через ссылку ничего не записывается, ведь она может вести за пределы папки. Удалите ссылку или скачайте под другим именем.
error-download-short = Получено { $received } из { $size } байт; ничего не сохранено.
error-download-range-short = диапазон закончился после { $received } из { $wanted } байт
error-download-checksum = контрольная сумма содержимого не совпадает с контрольной суммой BLOB-объекта
error-download-restarted = `{ $blob }` изменился с начала прерванного скачивания (тогда ETag { $then }, теперь { $now }), поэтому скачивание началось заново.
error-download-no-free-name = Рядом с { $path } нет свободного имени, под которым можно сохранить скачанное.

## Вход через Microsoft Entra ID: собственные пояснения клиента (src/storage/oauth.rs)

error-oauth-host-not-url = Узел входа `{ $host }` не является URL-адресом ({ $error }); пример: { $example }.
error-oauth-host-not-https = Узел входа `{ $host }` не использует HTTPS: секреты и маркеры передавались бы открытым текстом.
error-oauth-enter-tenant = Введите клиент: идентификатор каталога (клиента) или домен, например contoso.onmicrosoft.com, либо `organizations` для любой рабочей или учебной учетной записи.
error-oauth-not-url = `{ $url }` не является URL-адресом ({ $error }).
error-oauth-untrusted-certificate = Этот компьютер не доверяет сертификату узла входа: если прокси с проверкой TLS или частный узел входа использует собственный сертификат, выберите его PEM-файл в поле «Доверять сертификату» в параметрах учетной записи.
error-oauth-check-network = Проверьте сеть и узел входа.
error-oauth-unreachable = Не удалось подключиться к конечной точке входа { $url } ({ $words }). { $hint }
error-oauth-no-json = Конечная точка входа { $url } ответила HTTP { $status } без ожидаемого JSON. Проверьте узел входа.
error-oauth-secret-refused = Вход отклонен ({ $error }: { $description }). Проверьте клиент, идентификатор клиентского приложения и секрет; секрет клиента перестает действовать в дату окончания срока (создайте новый в разделе «Сертификаты и секреты» регистрации приложения).
error-oauth-enter-client-id = Введите идентификатор клиента вашей регистрации приложения (общедоступный клиент с разрешением Azure Storage user_impersonation; как его создать, описано в главе «Учетные записи» руководства пользователя).
error-oauth-device-instruction = Чтобы войти, откройте { $uri } и введите код { $code }.
error-oauth-no-code = Код не выдан ({ $error }: { $description }). Проверьте клиент и то, что регистрация приложения разрешает потоки общедоступных клиентов (Authentication > Allow public client flows).
error-oauth-no-refresh-token = Вход не выдал маркер обновления (разрешение `offline_access` не предоставлено), поэтому он закончился бы в течение часа. Предоставьте это разрешение регистрации приложения и войдите снова.
error-oauth-declined = Вход отклонен на странице проверки. Начните вход заново.
error-oauth-failed = Не удалось войти ({ $error }: { $description }).
error-oauth-browser-code-refused = Код из браузера не принят ({ $error }: { $description }). Начните вход заново; регистрации приложения нужен URI перенаправления http://localhost (Мобильные и классические приложения).
error-oauth-code-expired = Срок действия кода истек до завершения входа. Начните вход заново и введите новый код.
error-oauth-ended = Сеанс входа завершен ({ $error }: { $description }).

## Метаданные, хранимые политики доступа и маркеры, проверяемые до отправки (src/storage/metadata.rs, policies.rs, token.rs)

error-metadata-name-characters = Имя метаданных `{ $name }` должно начинаться с буквы или `_` и содержать только буквы, цифры и `_`.
error-metadata-name-twice = Имя метаданных `{ $name }` встречается дважды (регистр в именах не учитывается).
error-metadata-value-ascii = Значение метаданных `{ $name }` должно содержать только ASCII (оно передается как HTTP-заголовок).
error-policies-count = Допускается не более { $max } хранимых политик доступа; здесь их { $count }.
error-policies-id-length = Идентификатор политики `{ $id }` должен содержать от 1 до 64 символов.
error-policies-id-twice = Идентификатор политики `{ $id }` указан дважды.
error-policies-permission = Политика `{ $id }`: `{ $letter }` — здесь не разрешение; допустимы: { $allowed }.
error-policies-start-time = Политика `{ $id }`: начало `{ $time }` не является временем UTC вида 2026-12-01T00:00:00Z.
error-policies-expiry-time = Политика `{ $id }`: окончание срока `{ $time }` не является временем UTC вида 2026-12-01T00:00:00Z.
error-token-https-only = Маркер Microsoft Entra ID отправляется только по HTTPS, а { $host } использует обычный HTTP. Используйте конечную точку https:// (установите флажок «Использовать HTTPS» в параметрах учетной записи).
error-token-this-endpoint = эта конечная точка
error-token-not-a-header = Вход выдал маркер с символами, которые нельзя передать в заголовке.

## Вход через браузер (src/storage/browser_sign_in.rs); три страницы показываются в браузере

error-browser-enter-client-id = Введите идентификатор клиента вашей регистрации приложения (общедоступный клиент с URI перенаправления http://localhost в разделе «Мобильные и классические приложения»; как это сделать, описано в главе «Учетные записи» руководства пользователя).
error-browser-too-slow = Вход не был завершен в браузере за { $minutes } мин. Начните его заново.
error-browser-page-not-this = Это не тот вход, которого ожидает Tessera.
error-browser-page-signed-in = Вход выполнен. Можно закрыть эту вкладку и вернуться в Tessera.
error-browser-page-not-finished = Вход не завершен. Вернитесь в Tessera, чтобы узнать причину.
error-browser-declined = Вход отклонен в браузере. Начните вход заново.
error-browser-no-code = Браузер вернулся без кода ({ $error }: { $description }).
error-browser-no-port = Нет свободного локального порта для приема перенаправления: { $error }
error-browser-ports-taken = все опробованные порты на ::1 заняты
error-browser-listen-failed = Не удалось ожидать перенаправление: { $error }

## Resource Manager: собственные проверки и пояснения клиента (src/storage/arm.rs)

error-arm-not-url = `{ $endpoint }` не является URL-адресом ({ $error }); пример: https://management.azure.com.
error-arm-not-https = `{ $endpoint }` не использует HTTPS: маркер входа передавался бы открытым текстом.
error-arm-unknown-cloud = `{ $endpoint }` не является Resource Manager известного этому приложению облака (management.azure.com, management.chinacloudapi.cn, management.usgovcloudapi.net): маркер Resource Manager отправляется только туда.
error-arm-subscription-id = `{ $id }` не является идентификатором подписки.
error-arm-account-id = `{ $id }` не является идентификатором учетной записи хранения.
error-arm-next-link = nextLink от Resource Manager не является URL-адресом ({ $error }).
error-arm-next-host = Следующая страница Resource Manager находится на другом узле ({ $next }); переход по ней не выполнен, поэтому маркер остается у { $host }.
error-arm-answered = Resource Manager ответил HTTP { $status }.

## Свойства службы, проверяемые перед сохранением (src/storage/service_properties.rs)

error-props-cors-count = Служба допускает не более { $max } правил CORS, а не { $count }.
error-props-cors-no-origin = Правило CORS { $rule } не разрешает ни одного источника: укажите `*` или источники через запятую.
error-props-cors-origins = Правило CORS { $rule }: не более 64 источников по 256 символов.
error-props-cors-no-method = Правило CORS { $rule } не разрешает ни одного метода (один или несколько из { $methods }).
error-props-cors-method = Правило CORS { $rule }: `{ $method }` — не метод, который принимает служба ({ $methods }).
error-props-cors-allowed-headers = Правило CORS { $rule }: разрешенные заголовки — не более 64 имен и 2 префиксов (`x-ms-meta-*`) по 256 символов.
error-props-cors-exposed-headers = Правило CORS { $rule }: предоставляемые заголовки — не более 64 имен и 2 префиксов (`x-ms-meta-*`) по 256 символов.
error-props-cors-size = Правила CORS вместе занимают { $size } байт; служба принимает не более { $max } (2 КиБ без учета XML). Объедините источники в меньшее число правил или используйте `*`.
error-props-logging = Ведение журнала
error-props-hour-metrics = Почасовые метрики
error-props-minute-metrics = Поминутные метрики
error-props-delete-retention = Хранение удаленных
error-props-retention-days = { $what }: срок хранения — от 1 до 365 дней.
error-props-blob-only = Статический веб-сайт и хранение удаленных объектов есть только у службы BLOB-объектов.
error-props-index-document = Статическому веб-сайту нужен индексный документ (например, index.html).

## Введенное значение таблицы, не подходящее к своему типу (src/storage/table/edm.rs)

error-edm-fraction-digits = В `{ $text }` дробных разрядов: { $digits }; DateTime в таблицах хранит семь (100 нс).
error-edm-not-datetime = `{ $text }` — не дата и время вида 2026-11-22T08:30:00.1234567Z (UTC, ISO 8601).
error-edm-datetime-range = `{ $text }` выходит за диапазон таблиц с 1601-01-01 по 9999-12-31 (UTC).
error-edm-not-int32 = `{ $text }` — не Int32: целое число от -2147483648 до 2147483647.
error-edm-not-int64 = `{ $text }` — не Int64: целое число от -9223372036854775808 до 9223372036854775807.
error-edm-not-boolean = `{ $text }` — не Boolean: введите true или false.
error-edm-not-guid = `{ $text }` — не Guid вида 6f9619ff-8b86-d011-b42d-00c04fc964ff.
error-edm-not-base64 = Значение не является допустимой строкой base64.
error-edm-unparsed-typed = Значение типа, который это приложение не может прочитать, можно только сохранить, но не ввести.
error-edm-unparsed-convert = Приложение не может прочитать это значение, поэтому не может его преобразовать.
error-edm-binary-to-string = Binary не преобразуется в String; скопируйте вместо этого его base64.
error-edm-no-conversion = Значение не преобразуется в { $type_name }: { $why }
error-edm-not-double = `{ $text }` — не Double: число вида 1.5 или 1e300 либо NaN, Infinity, -Infinity.

## Запросы входа и Resource Manager: собственные слова клиента (src/storage/side_requests.rs)

error-side-plain-http-proxy = { $host } использует обычный HTTP, и запрос пошел бы через прокси, который прочитал бы данные входа открытым текстом. Используйте адрес https:// или выберите «Без прокси» в меню «Сервис > Прокси…».
error-side-plain-http-proxy-endpoint = Конечная точка использует обычный HTTP, и запрос пошел бы через прокси, который прочитал бы данные входа открытым текстом. Используйте адрес https:// или выберите «Без прокси» в меню «Сервис > Прокси…».
error-side-unreachable = Не удалось подключиться к { $host } ({ $words }).
error-side-unreachable-endpoint = не удалось подключиться к конечной точке ({ $words }).

## Ответ без того, что в нем должно быть (src/storage/blob, table, queue)

error-decode-no-etag = Служба не вернула новый ETag.
error-decode-no-snapshot-time = Служба не вернула время моментального снимка.
error-decode-no-pop-receipt = Служба не вернула новую квитанцию извлечения.
error-decode-batch-empty = Ответ на пакет не содержит результатов операций.
error-decode-missing-element = В ответе нет <{ $name }>.
error-decode-key-not-base64 = <Value> ключа — не base64.
error-decode-page-range-not-numeric = В диапазоне страниц в ответе нет числового <{ $name }>.
error-listing-stopped = Часть получения списка остановилась: { $why }
error-decode-no-lease-id-container = Служба не вернула идентификатор аренды для контейнера `{ $container }`.
error-decode-no-lease-id-blob = Служба не вернула идентификатор аренды для `{ $blob }`.
error-policies-now = политики очереди сейчас: { $policies }

## Ответ, который не является правильно сформированным XML (src/storage/xml.rs)

error-xml-malformed = Ответ — не правильно сформированный XML: { $why }
error-xml-malformed-text = В ответе есть текст, который не является правильно сформированным XML: { $why }
error-xml-malformed-reference = В ответе есть ссылка на символ, которая не является правильно сформированным XML: { $why }
error-xml-unbalanced = Ответ — не правильно сформированный XML: закрывающий тег не закрывает ни одного элемента.
error-xml-empty = Ответ — пустой XML-документ.

## Сущность от службы, которую это приложение не может прочитать или читает только в исходном виде (src/storage/table/entity_json.rs)

error-entity-json-property-unread = свойство `{ $name }`: { $why }
error-entity-json-type-unknown = тип `{ $odata_type }` не является типом таблиц, известным этому приложению
error-entity-json-int32-too-large = { $value } не помещается в Int32
error-entity-json-value-not-its-type = значение не соответствует объявленному типу { $edm_type }
error-entity-json-property-twice = свойство `{ $name }` встречается в одной сущности дважды
error-entity-json-type-twice = тип свойства `{ $name }` указан дважды
error-entity-json-type-empty = тип свойства `{ $name }` пуст (`{ $name }@odata.type` не называет тип)

## Какой вход использует учетная запись, в строке состояния (src/storage/azure_cli.rs, oauth.rs)

error-describe-cli = вход через Azure CLI
error-describe-cli-tenant = вход через Azure CLI (клиент { $tenant })
error-describe-service-principal = субъект-служба { $client_id } (клиент { $tenant })
error-describe-personal = личный вход (клиент { $tenant })

## Запись файла в BLOB-объект, остановившаяся на полпути (src/storage/blob/file_writes.rs)

error-part-way-appended = До остановки добавлено { $done } из { $total } байт (по смещениям с { $first } по { $last }); остальное не добавлено.
error-part-way-written = До остановки записано { $done } из { $total } байт (по смещениям с { $first } по { $last }); остальное не записано.
error-nothing-appended = Из { $total } байт файла ничего не добавлено.
error-nothing-written = Из { $total } байт файла ничего не записано.

## Фильтр таблицы, который не удается разобрать, — до отправки (src/storage/table/odata_parser.rs)

error-filter-empty = Фильтр пуст.
error-filter-unexpected = Здесь неожиданно встретилось { $found }; соединяйте условия с помощью `and` или `or`.
error-filter-the-value = значение { $value }
error-filter-not-operator = `{ $op }` — не оператор OData; напишите `{ $hint }`.
error-filter-cannot-appear = `{ $character }` не может стоять здесь.
error-filter-quote-open = Кавычка не закрыта; завершите значение символом `'` (кавычку внутри записывайте как `''`).
error-filter-not-guid = guid'{ $content }' — не Guid вида guid'6f9619ff-8b86-d011-b42d-00c04fc964ff'.
error-filter-hex = { $prefix }'{ $content }' должно содержать четное число шестнадцатеричных цифр.
error-filter-literal-type = `{ $prefix }'…'` — не тип литерала; используйте datetime'…', guid'…', X'…' или binary'…' либо обычную строку '…'.
error-filter-not-int64 = `{ $body }L` — не Int64.
error-filter-not-double = `{ $body }d` — не Double.
error-filter-not-number = `{ $body }` — не число.
error-filter-int32-too-large = { $body } слишком велико для Int32; для Int64 напишите { $body }L.
error-filter-after-number = `{ $character }` не может следовать здесь за числом.
error-filter-ends-early = Фильтр заканчивается там, где должно следовать условие.
error-filter-close-paren = Ожидалась `)`, закрывающая `(` в позиции { $column }, а найдено { $found }.
error-filter-paren-open = Эта `(` не закрыта.
error-filter-expected-comparison = После { $after } ожидалось сравнение (eq, ne, gt, ge, lt, le).
error-filter-needs-value = После `{ $op }` нужно значение.
error-filter-operand-missing = В конце не хватает свойства или значения.
error-filter-found-keyword = Ожидалось свойство или значение, а найдено ключевое слово `{ $keyword }`.
error-filter-expected-operand = Ожидалось свойство или значение, а найдено { $found }.
error-filter-double-range = `{ $body }` выходит за диапазон Double (около ±1.8e308).

## Какая операция пакета не удалась (src/storage/table/batch.rs); адрес прокси, отклоненный reqwest (proxy.rs)

error-batch-operation-failed = Операция { $number } ({ $verb } для RowKey `{ $row_key }`) не удалась, поэтому ни одна не применена: { $message }
error-batch-an-operation-failed = Одна из операций не удалась, поэтому ни одна не применена: { $message }
error-batch-verb-insert = вставка
error-batch-verb-replace = замена
error-batch-verb-merge = слияние
error-batch-verb-insert-or-replace = вставка или замена
error-batch-verb-insert-or-merge = вставка или слияние
error-batch-verb-delete = удаление
error-proxy-address = Адрес прокси: { $error }

error-op-append-file = Добавление `{ $file }` в `{ $blob }`
error-transfer-task-stopped = задача передачи остановилась: { $why }
error-transfer-no-task = ни одна задача передачи не выполнялась
error-retrying = { $words }; повтор
error-odata-function = `{ $word }(…)` — это функция, а в службе таблиц функций нет. Для префикса задайте диапазон: RowKey ge 'abc' and RowKey lt 'abd'.
error-op-write-pages-file = Запись `{ $file }` в страницы `{ $blob }`

## Operation names (src/storage)

error-op-create-container = Создание контейнера `{ $name }`
error-op-delete-container = Удаление контейнера `{ $name }`
error-op-read-container-properties = Чтение свойств контейнера `{ $name }`
error-op-save-container-metadata = Сохранение метаданных контейнера `{ $name }`
error-op-change-public-access = Изменение общего доступа к контейнеру `{ $name }`
error-op-create-queue = Создание очереди `{ $name }`
error-op-delete-queue = Удаление очереди `{ $name }`
error-op-read-queue-properties = Чтение свойств очереди `{ $name }`
error-op-count-queue-messages = Подсчет сообщений очереди `{ $name }`
error-op-save-queue-metadata = Сохранение метаданных очереди `{ $name }`
error-op-clear-queue = Очистка очереди `{ $name }`
error-op-put-message = Помещение сообщения в очередь `{ $queue }`
error-op-peek-messages = Просмотр сообщений в очереди `{ $queue }`
error-op-dequeue-messages = Извлечение сообщений из очереди `{ $queue }`
error-op-update-message = Обновление сообщения { $id } в очереди `{ $queue }`
error-op-return-message = Возврат видимости сообщения { $id } в очереди `{ $queue }`
error-op-delete-message = Удаление сообщения { $id } из очереди `{ $queue }`
error-op-create-append-blob = Создание BLOB-объекта добавления `{ $blob }`
error-op-append-to-blob = Добавление в `{ $blob }`
error-op-create-page-blob = Создание страничного BLOB-объекта `{ $blob }`
error-op-write-pages = Запись страниц `{ $blob }`
error-op-clear-pages = Очистка страниц `{ $blob }`
error-op-read-page-ranges = Чтение диапазонов страниц `{ $blob }`
error-op-read-access-policies = Чтение политик доступа `{ $name }`
error-op-save-access-policies = Сохранение политик доступа `{ $name }`
error-op-delete-version = Удаление версии { $version_id } BLOB-объекта `{ $blob }`
error-op-copy-blob = Копирование `{ $source_name }` в `{ $dst_blob }`
error-op-abort-copy = Прерывание копирования в `{ $blob }`
error-op-read-tags = Чтение тегов индекса `{ $blob }`
error-op-set-tags = Задание тегов индекса `{ $blob }`
error-op-undelete-blob = Восстановление `{ $blob }`
error-op-list-blobs = Перечисление BLOB-объектов в `{ $container }`
error-op-read-blob-properties = Чтение свойств `{ $blob }`
error-op-save-blob-metadata = Сохранение метаданных `{ $blob }`
error-op-save-blob-http-headers = Сохранение заголовков HTTP `{ $blob }`
error-op-upload-blob = Отправка `{ $blob }`
error-op-read-blob = Чтение `{ $blob }`
error-op-snapshot-blob = Создание моментального снимка `{ $blob }`
error-op-create-table = Создание таблицы `{ $name }`
error-op-delete-table = Удаление таблицы `{ $name }`
error-op-query-table = Запрос к `{ $table }`
error-op-read-entity = Чтение сущности ({ $partition_key }, { $row_key })
error-op-delete-entity = Удаление сущности ({ $partition_key }, { $row_key })
error-op-upload-block = Отправка блока `{ $blob }`
error-op-commit-blocks = Фиксация блоков `{ $blob }`
error-op-get-user-delegation-key = Получение ключа делегирования пользователя
error-op-read-blob-service-properties = Чтение свойств службы BLOB-объектов
error-op-read-account-information = Чтение сведений об учетной записи
error-op-list-tables = Перечисление таблиц
error-op-read-proxy-settings = Чтение параметров прокси-сервера
error-op-read-arm-endpoint = Чтение конечной точки Resource Manager
error-op-list-account-keys = Получение списка ключей учетной записи
error-op-list-subscriptions = Получение списка ваших подписок
error-op-list-storage-accounts = Получение списка учетных записей хранения
error-op-read-sign-in-settings = Чтение параметров входа
error-op-sign-in-service-principal = Вход от имени субъекта-службы
error-op-sign-in-browser = Вход с помощью браузера
error-op-renew-sign-in = Продление входа
error-op-download-to = Скачивание `{ $blob }` в `{ $path }`
error-op-download-range = Скачивание байтов { $start }–{ $end } из `{ $blob }`
error-op-upload-from = Отправка `{ $path }` в `{ $blob }`
error-op-compare = Сравнение `{ $blob }` с `{ $path }`
error-op-upload-block-number = Отправка блока { $index } BLOB-объекта `{ $blob }`
error-op-set-tier = Задание уровня доступа { $tier } для `{ $blob }`
error-op-find-by-tags-in = Поиск BLOB-объектов по тегам индекса в `{ $container }`
error-op-find-by-tags-account = Поиск BLOB-объектов по тегам индекса в учетной записи
error-op-delete-snapshot = Удаление моментального снимка { $snapshot } BLOB-объекта `{ $blob }`
error-op-delete-blob = Удаление `{ $blob }`
error-op-batch = Пакет операций ({ $count }) для `{ $table }`
error-op-insert-entity = Вставка сущности ({ $partition_key }, { $row_key })
error-op-read-queue-service-properties = Чтение свойств службы очередей
error-op-read-table-service-properties = Чтение свойств службы таблиц
error-op-save-blob-service-properties = Сохранение свойств службы BLOB-объектов
error-op-save-queue-service-properties = Сохранение свойств службы очередей
error-op-save-table-service-properties = Сохранение свойств службы таблиц
error-op-acquire-lease-container = Получение аренды контейнера `{ $name }`
error-op-acquire-lease-blob = Получение аренды `{ $blob }`
error-op-renew-lease-container = Продление аренды контейнера `{ $name }`
error-op-renew-lease-blob = Продление аренды `{ $blob }`
error-op-change-lease-container = Изменение идентификатора аренды контейнера `{ $name }`
error-op-change-lease-blob = Изменение идентификатора аренды `{ $blob }`
error-op-release-lease-container = Освобождение аренды контейнера `{ $name }`
error-op-release-lease-blob = Освобождение аренды `{ $blob }`
error-op-break-lease-container = Разрыв аренды контейнера `{ $name }`
error-op-break-lease-blob = Разрыв аренды `{ $blob }`
error-op-replace-entity = Замена сущности ({ $partition_key }, { $row_key })
error-op-merge-entity = Слияние сущности ({ $partition_key }, { $row_key })
error-op-insert-or-replace-entity = Вставка или замена сущности ({ $partition_key }, { $row_key })
error-op-insert-or-merge-entity = Вставка или слияние сущности ({ $partition_key }, { $row_key })
error-op-list-committed-blocks = Получение списка зафиксированных блоков `{ $blob }`
error-op-list-uncommitted-blocks = Получение списка незафиксированных блоков `{ $blob }`
error-op-list-containers = Перечисление контейнеров
error-op-list-queues = Перечисление очередей
error-op-list-blobs-in-parts = Перечисление BLOB-объектов по частям
error-op-query-in-ranges = Запрос по диапазонам
error-op-list-tenants = Получение списка ваших клиентов
error-op-set-up-sign-in-client = Настройка клиента входа
error-op-set-up-http-client = Настройка HTTP-клиента
error-op-build-request = Создание запроса
error-op-create-sas-url = Создание URL-адреса SAS
error-op-azure-cli-token = Получение маркера из Azure CLI
error-op-read-account-settings = Чтение параметров учетной записи
error-op-create-account-sas = Создание SAS учетной записи
error-op-sign-in-device-code = Вход с помощью кода устройства
error-op-reach-blob-service = Подключение к службе BLOB-объектов
error-op-reach-queue-service = Подключение к службе очередей
error-op-reach-table-service = Подключение к службе таблиц

## Запрос, оставшийся без ответа, словами сетевого уровня (src/storage/no_answer.rs, transport.rs)

error-transport-unresolvable = имя `{ $host }` не существует (имена в зоне .invalid никогда не разрешаются); проверьте конечную точку
error-transport-setup = не удалось настроить HTTP-клиент для выбранного прокси: { $error }
error-transport-connect-timeout = не удалось подключиться за { $seconds } с
error-transport-silence = превышено время ожидания: за { $seconds } с ничего не было отправлено или получено
error-transport-timed-out = превышено время ожидания ({ $detail })
error-transport-tls-setup = не удалось настроить TLS: { $error }
error-transport-no-host = в URL-адресе нет имени узла
error-transport-body-stopped = передача тела ответа прервалась

## Файл сертификата, которому пользователь решил доверять, и что с ним не так (src/storage/transport.rs)

error-certificate-unreadable = Не удалось прочитать файл сертификата { $path } ({ $error }). Снова выберите PEM-файл в параметрах учетной записи.
error-certificate-not-pem = Файл { $path } не является PEM-сертификатом ({ $error }).
error-certificate-empty = Файл { $path } не содержит сертификата (PEM-файл начинается с -----BEGIN CERTIFICATE-----).
error-certificate-unusable = Сертификат из файла { $path } нельзя использовать: { $error }

## Проверка прокси в окне прокси (src/storage/proxy_trial.rs)

error-op-test-proxy = Проверка прокси
error-proxy-trial-not-url = `{ $address }` не является URL-адресом ({ $error }).
error-proxy-trial-reached = Узел { $host } доступен (HTTP { $status }), ответ за { $ms } мс.
error-proxy-trial-the-address = адрес

## Удаленный BLOB-объект или более ранняя версия рядом с именем (src/storage/blob/retention.rs)

retention-deleted = удален
retention-deleted-days = удален, до восстановления { $days ->
        [one] остался { $days } день
        [few] осталось { $days } дня
       *[other] осталось { $days } дней
    }
retention-earlier-version = более ранняя версия { $version }

## Имена учетных записей, которые приложение создает само (src/app/accounts/profiles.rs)

accounts-emulator-preset = Локальный эмулятор (Azurite)
accounts-started-emulator = Демонстрационный эмулятор (запущен командой запуска приложения)

## Заметка инспектора о попытке, которую конвейер повторил или после которой сдался (src/storage/pipeline.rs)

pipeline-token-refused-retrying = { $status }: токен входа отклонен; повтор с новым токеном
pipeline-retrying-in = { $what }: повтор через { $ms } мс
pipeline-stopped-because = { $words }; { $why }
pipeline-not-retried = без повтора: запрос мог дойти до службы, и повторять его небезопасно
pipeline-gave-up = { $attempts ->
        [one] прекращено после { $attempts } попытки
       *[other] прекращено после { $attempts } попыток
    }
pipeline-retry-after-too-long = служба попросила подождать { $seconds } с; так долго приложение ждать не будет

## HTTP-клиент, который не удалось создать (src/storage/http_clients.rs)

error-http-client-build = не удалось создать HTTP-клиент: { $error }
