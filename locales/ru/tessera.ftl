# Слова Tessera на русском языке. Термины хранилища — как в русской документации Microsoft;
# имена из протокола (ETag, If-Match, PartitionKey) не переводятся.
# Как сообщить о неудачном переводе: docs/guide/languages.md.

## Строка меню

menu-accounts = Учетные записи
menu-add-account = Добавить учетную запись…
menu-export-settings = Экспорт параметров…
menu-export-settings-hint = Учетные записи, недавние ресурсы, прокси и оформление — в файл; секреты только по вашему выбору, в зашифрованном виде
menu-import-settings = Импорт параметров…
menu-view = Вид
menu-light-theme = Светлая тема
menu-dark-theme = Темная тема
menu-high-contrast = Высокая контрастность
menu-high-contrast-hint = Белый и желтый на черном: контрастность любого текста не ниже 4,5:1 (WCAG 2.1 AA)
menu-bottom-panel = Действия и HTTP-инспектор
menu-language = Язык
menu-language-system = Как в системе ({ $language })
menu-tools = Сервис
menu-queue-backlogs = Накопление сообщений в очередях
menu-seed-million = Записать миллион строк…
menu-seed-million-hint = Записывает 1 000 000 сущностей в новую таблицу текущей учетной записи, в виде задания
menu-proxy = Прокси…
menu-conflict-lab = Лаборатория конфликтов
menu-help = Справка
menu-shortcuts = Сочетания клавиш…
menu-about = О программе Tessera…
menu-log-file = Файл журнала: { $path }
menu-accounts-file = Файл учетных записей: { $path }
notice-connect-first = Сначала подключите учетную запись.
notice-connect-first-seed = Сначала подключите учетную запись: строки будут записаны в нее.
notice-connect-first-lab = Сначала подключите учетную запись: оба клиента лаборатории работают через нее.
notice-proxy-in-use = Параметры прокси применены: открытые учетные записи теперь подключаются через него.

## О программе

about-title = О программе Tessera
about-license = Лицензия: { $license }
about-secrets = Секреты хранятся в связке ключей ОС (Secret Service, «Связка ключей» macOS, диспетчер учетных данных Windows).

## Дерево, уведомления, вкладки

tree-heading = Обозреватель
tree-add-account = Добавить учетную запись
tree-add-account-hint = Добавить учетную запись: строка подключения, имя и ключ, URL-адрес SAS или эмулятор
tree-test-of = Проверка «{ $account }»
notice-dismiss = Скрыть
tabs-name = Открытые вкладки
tab-close-hint = Закрыть (Ctrl+W)
tab-close-name = Закрыть { $title }

## Нижняя панель и строка состояния

unit-items = { $what ->
        [blobs] { $count ->
            [one] { $count } BLOB-объект
            [few] { $count } BLOB-объекта
           *[many] { $count } BLOB-объектов
        }
        [entities] { $count ->
            [one] { $count } сущность
            [few] { $count } сущности
           *[many] { $count } сущностей
        }
        [rows] { $count ->
            [one] { $count } строка
            [few] { $count } строки
           *[many] { $count } строк
        }
        [blobs-and-files] BLOB-объектов и файлов: { $count }
       *[items] { $count ->
            [one] { $count } элемент
            [few] { $count } элемента
           *[many] { $count } элементов
        }
    }
unit-items-rate = { $what ->
        [blobs] { $count } BLOB-объектов/с
        [entities] { $count } сущностей/с
        [rows] { $count } строк/с
        [blobs-and-files] { $count } BLOB-объектов и файлов/с
       *[items] { $count } элементов/с
    }
unit-bytes-rate = { $size }/с
activity = Действия
activity-one-running = Действия (выполняется 1: { $job })
activity-one-running-at = Действия (выполняется 1: { $job } { $percent }%)
activity-running = Действия (выполняется: { $running })
activity-closed = Действия ({ $closed ->
        [one] { $closed } закрытая вкладка еще работает
        [few] { $closed } закрытые вкладки еще работают
       *[other] { $closed } закрытых вкладок еще работают
    })
activity-running-closed = Действия (выполняется: { $running }; { $closed ->
        [one] { $closed } закрытая вкладка еще работает
        [few] { $closed } закрытые вкладки еще работают
       *[other] { $closed } закрытых вкладок еще работают
    })
inspector-tab = HTTP-инспектор ({ $requests ->
        [one] { $requests } запрос
        [few] { $requests } запроса
       *[other] { $requests } запросов
    }, с ошибкой: { $failed })
bottom-hide = Скрыть панель
bottom-hide-hint = Панель откроется снова, если задание завершится ошибкой; пока она скрыта, выполняемое задание видно в строке состояния
status-no-account = Нет учетных записей. Добавьте ее кнопкой «Добавить учетную запись».
status-account = Учетная запись: { $account }
status-entra = Microsoft Entra ID: { $token }
status-signed-with = Подпись: { $kind }
credential-account-key = ключ учетной записи
credential-sas = подписанный URL-адрес (SAS)
credential-entra = вход через Microsoft Entra ID
credential-anonymous = анонимно
status-endpoint = Конечная точка: { $endpoint }
status-endpoint-none = нет
status-connection = Подключение: { $state }
connection-closed = не подключено
connection-opening = подключение…
connection-failed = ошибка: { $why }
connection-paused = приостановлено: конечная точка раз за разом отвечает ошибкой
connection-answered = подключено (последний ответ { $status } за { $ms } мс)
connection-service-failing = подключено, но служба отвечает ошибками (последний ответ { $status })
connection-unreachable = недоступно ({ $why })
connection-no-answer = нет ответа
connection-ready = подключено

## Дерево обозревателя и поиск в нем

tree-test-connection = Проверить подключение
tree-edit-account = Изменить учетную запись…
tree-account-sas = SAS учетной записи…
tree-account-sas-none = SAS учетной записи подписывается ключом учетной записи, а у этой учетной записи ключа нет.
tree-service-settings = Параметры службы…
tree-lens = Подключить приложение через Tessera…
tree-remove-account = Удалить учетную запись…
tree-connecting = Подключение…
tree-loading = Загрузка…
tree-blob-containers = Контейнеры BLOB-объектов
tree-queues = Очереди
tree-tables = Таблицы
tree-counted = { $title } ({ $count })
tree-no-containers = Контейнеров BLOB-объектов пока нет.
tree-no-queues = Очередей пока нет.
tree-no-tables = Таблиц пока нет.
tree-new-container = Создать контейнер…
tree-new-queue = Создать очередь…
tree-new-table = Создать таблицу…
tree-refresh-containers = Обновить контейнеры BLOB-объектов
tree-refresh-queues = Обновить очереди
tree-refresh-tables = Обновить таблицы
tree-open-containers = Открыть { $count ->
        [one] { $count } контейнер
        [few] { $count } контейнера
       *[other] { $count } контейнеров
    }
tree-open-queues = Открыть { $count ->
        [one] { $count } очередь
        [few] { $count } очереди
       *[other] { $count } очередей
    }
tree-open-tables = Открыть { $count ->
        [one] { $count } таблицу
        [few] { $count } таблицы
       *[other] { $count } таблиц
    }
tree-delete-containers = Удалить { $count ->
        [one] { $count } контейнер
        [few] { $count } контейнера
       *[other] { $count } контейнеров
    }…
tree-delete-queues = Удалить { $count ->
        [one] { $count } очередь
        [few] { $count } очереди
       *[other] { $count } очередей
    }…
tree-delete-tables = Удалить { $count ->
        [one] { $count } таблицу
        [few] { $count } таблицы
       *[other] { $count } таблиц
    }…
tree-open = Открыть
tree-copy-url = Копировать URL-адрес
tree-open-portal = Открыть на портале Azure
tree-open-portal-hint = Страница учетной записи на портале Azure
tree-count-entities = Подсчитать сущности
tree-properties = Свойства…
tree-delete = Удалить…
find-hint = Найти контейнеры, очереди, таблицы…
find-name = Поиск в дереве
find-hint-more = Любая часть имени, без учета регистра, во всех открытых учетных записях: каждый список читается целиком, все его страницы
find-reading = { $account } · { $service }: чтение списка… прочитано { $listed }
find-failed = { $account } · { $service }: { $why }
find-nothing = Ни один контейнер, очередь или таблица открытых учетных записей не содержит «{ $text }».
find-closed = { $closed ->
        [one] { $closed } учетная запись не открыта, поиск в ней не выполнялся (разверните учетную запись, чтобы открыть ее).
        [few] { $closed } учетные записи не открыты, поиск в них не выполнялся (разверните учетную запись, чтобы открыть ее).
       *[other] { $closed } учетных записей не открыто, поиск в них не выполнялся (разверните учетную запись, чтобы открыть ее).
    }

## Список действий

activity-cancel-job = Отменить задание
activity-retry-now = Повторить сейчас
activity-retry-job = Повторить задание
activity-show-items = Показать элементы
activity-copy-outcome = Копировать результат
activity-outcome-running = { $job }: выполняется
activity-outcome-done = { $job }: выполнено за { $seconds } с: { $summary }
activity-outcome-cancelled = { $job }: отменено
activity-outcome-failed = { $job }: ошибка: { $why }
activity-items = Элементы ({ $count })
activity-items-name = Элементы задания «{ $job }» ({ $count })
activity-items-hint = Все элементы задания и что стало с каждым
activity-progress = { $done } из { $total }{ $left }
activity-last-failure = { $progress }. Последняя ошибка: { $why }
activity-cancelling = Отмена: задание сначала наводит порядок за собой…
activity-cancel = Отменить «{ $job }»
activity-retry-now-name = Повторить сейчас «{ $job }»
activity-done = Выполнено за { $seconds } с: { $summary }
activity-cancelled = Отменено после { $progress }
activity-retry = Повторить «{ $job }»
activity-network-wait = Ожидание сети: { $waited } ({ $tries ->
        [one] { $tries } попытка
        [few] { $tries } попытки
       *[other] { $tries } попыток
    }); следующая попытка через { $next } с
duration-seconds = { $s } с
duration-minutes-seconds = { $m } мин { $s } с
activity-left-seconds = , осталось около { $n } с
activity-left-minutes = , осталось около { $n } мин
activity-left-hours = , осталось около { $n } ч
activity-counts = выполняется: { $running }, всего: { $all }
activity-clear = Убрать завершенные задания
activity-empty = Заданий пока нет. Здесь появятся передачи, сканирования, импорт и экспорт — с ходом выполнения.
activity-failed = { $job }: ошибка: { $why }
activity-items-of = { $job }: { $count ->
        [one] { $count } элемент
        [few] { $count } элемента
       *[other] { $count } элементов
    }
activity-close-items = Закрыть список элементов

## Учетные записи > Добавить / Изменить учетную запись

editor-title-add = Добавление учетной записи
editor-title-edit = Изменение учетной записи
editor-kind = Тип:
kind-emulator = локальный эмулятор
kind-connection-string = строка подключения
kind-name-and-key = имя и ключ
kind-sas-url = URL-адрес SAS
kind-entra = Microsoft Entra ID
kind-entra-browse = Microsoft Entra ID: обзор
editor-display-name = Отображаемое имя:
editor-display-name-hint = показывается в дереве
editor-keep-secret-hint = оставьте пустым, чтобы сохранить сохраненный секрет
editor-emulator = Известная учетная запись локального эмулятора (devstoreaccount1) на 127.0.0.1, порты 10000–10002.
editor-connection-string = Строка подключения:
editor-ignored = Не используются этим приложением и пропускаются: { $settings }.
editor-secrets-where = Ключи учетных записей и маркеры SAS хранятся в связке ключей ОС и никогда не попадают в файл учетных записей.
editor-account-name = Имя учетной записи:
editor-account-key = Ключ учетной записи:
editor-endpoint-suffix = Суффикс конечной точки:
editor-https = Использовать HTTPS
editor-custom-endpoints = Собственные конечные точки (необязательно)
editor-blob-endpoint = Конечная точка BLOB-объектов:
editor-queue-endpoint = Конечная точка очередей:
editor-table-endpoint = Конечная точка таблиц:
editor-browse = Показывает ваши подписки и их учетные записи хранения (Azure Resource Manager): имя учетной записи вводить не нужно.
editor-resource-manager = Resource Manager:
editor-sas-url = URL-адрес SAS:
editor-service = Служба:
editor-service-from-url = из URL-адреса
editor-trust-cert = Доверять сертификату:
editor-trust-cert-hint = необязательный PEM-файл для конечной точки с собственным сертификатом
editor-choose = Выбрать…
editor-cert-dialog = Сертификат, которому нужно доверять
editor-testing = Проверка…
editor-reading-cert = Чтение файла сертификата…
editor-save = Сохранить учетную запись
editor-test = Проверить подключение
editor-cancel = Отмена
editor-key-again = Чтобы проверить подключение, введите ключ еще раз (сохраненный ключ здесь не читается).
editor-sign-in-first = Сначала войдите с помощью кода, затем проверьте подключение.
editor-secret-again = Чтобы проверить подключение, введите секрет клиента еще раз (сохраненный секрет здесь не читается).
editor-cloud = Облако:

## Вопросы перед необратимыми действиями

confirm-delete-container-title = Удалить контейнер `{ $name }`?
confirm-delete-queue-title = Удалить очередь `{ $name }`?
confirm-delete-table-title = Удалить таблицу `{ $name }`?
confirm-delete-container-body = Контейнер `{ $name }` будет удален вместе со всем содержимым. Это действие нельзя отменить.
confirm-delete-queue-body = Очередь `{ $name }` будет удалена вместе со всеми сообщениями. Это действие нельзя отменить.
confirm-delete-table-body = Таблица `{ $name }` будет удалена вместе со всеми сущностями. Это действие нельзя отменить.
confirm-delete-yes = Удалить { $name }
confirm-delete-containers-title = Удалить { $count ->
        [one] { $count } контейнер
        [few] { $count } контейнера
       *[other] { $count } контейнеров
    }?
confirm-delete-queues-title = Удалить { $count ->
        [one] { $count } очередь
        [few] { $count } очереди
       *[other] { $count } очередей
    }?
confirm-delete-tables-title = Удалить { $count ->
        [one] { $count } таблицу
        [few] { $count } таблицы
       *[other] { $count } таблиц
    }?
confirm-delete-containers-body = Будут удалены вместе со всем содержимым: { $count ->
        [one] { $count } контейнер
        [few] { $count } контейнера
       *[other] { $count } контейнеров
    }. Это действие нельзя отменить.
confirm-delete-queues-body = Будут удалены вместе со всеми сообщениями: { $count ->
        [one] { $count } очередь
        [few] { $count } очереди
       *[other] { $count } очередей
    }. Это действие нельзя отменить.
confirm-delete-tables-body = Будут удалены вместе со всеми сущностями: { $count ->
        [one] { $count } таблица
        [few] { $count } таблицы
       *[other] { $count } таблиц
    }. Это действие нельзя отменить.
confirm-delete-containers-yes = Удалить { $count ->
        [one] { $count } контейнер
        [few] { $count } контейнера
       *[other] { $count } контейнеров
    }
confirm-delete-queues-yes = Удалить { $count ->
        [one] { $count } очередь
        [few] { $count } очереди
       *[other] { $count } очередей
    }
confirm-delete-tables-yes = Удалить { $count ->
        [one] { $count } таблицу
        [few] { $count } таблицы
       *[other] { $count } таблиц
    }
confirm-delete-unsaved = На открытых вкладках есть несохраненные изменения: { $edits }. Вкладка закроется (и изменения пропадут) только после того, как ее ресурс будет удален; если удалить его не удастся, вкладка останется открытой вместе с изменениями.
confirm-delete-unsaved-tab = { $tab }: { $edits }
confirm-seed-title = Записать миллион строк в `{ $account }`?
confirm-seed-body = Записывает 1 000 000 сущностей (1000 секций по 1000, около 300 МБ JSON) в таблицу `{ $table }` учетной записи `{ $account }`, создавая ее при необходимости и заменяя строки с теми же ключами. В локальном эмуляторе это займет много минут; в Azure обойдется в 10 000 пакетных транзакций. Выполняется как задание: «Отмена» останавливает его, «Повторить» продолжает.
confirm-seed-yes = Записать миллион строк
confirm-close-title = Закрыть `{ $name }` с несохраненными изменениями?
confirm-close-body = На этой вкладке есть несохраненное: { $edits }. При закрытии оно будет потеряно. (Уже отправленные операции все равно завершатся и будут записаны в журнал.)
confirm-close-yes = Закрыть и отбросить изменения
confirm-remove-title = Удалить учетную запись `{ $account }`?
confirm-remove-body = Учетная запись исчезнет из списка, а ее ключ или SAS будет удален из связки ключей. В самой учетной записи хранения ничего не изменится.
confirm-remove-yes = Удалить { $account }

## Создание контейнера, очереди, таблицы и прерванные передачи

create-container-title = Новый контейнер
create-queue-title = Новая очередь
create-table-title = Новая таблица
create-container-hint = имя контейнера
create-queue-hint = имя очереди
create-table-hint = имя таблицы
create-container-name = Имя нового контейнера
create-queue-name = Имя новой очереди
create-table-name = Имя новой таблицы
create-container = Создать контейнер
create-queue = Создать очередь
create-table = Создать таблицу
create-public-access = общий доступ к новому контейнеру
access-private = закрытый
access-blob = BLOB-объект (анонимное чтение)
access-container = контейнер (анонимное чтение и получение списка)
interrupted-count = { $count ->
        [one] { $count } передача прервана (приложение закрылось или остановилось до ее завершения).
        [few] { $count } передачи прерваны (приложение закрылось или остановилось до их завершения).
       *[other] { $count } передач прервано (приложение закрылось или остановилось до их завершения).
    }
interrupted-resume-all = Возобновить все
interrupted-discard-all = Отказаться от всех
interrupted-resume = Возобновить
interrupted-discard = Отказаться
interrupted-resume-name = Возобновить { $transfer }
interrupted-discard-name = Отказаться от { $transfer }
interrupted-account-gone = учетная запись, которой больше нет в списке
interrupted-no-account = Не удалось возобновить { $transfer }: учетной записи больше нет в списке. Добавьте учетную запись снова или откажитесь от передачи.
interrupted-failed = Не удалось возобновить { $transfer }: { $why }

## HTTP-инспектор

inspector-show = Показать:
inspector-all = Все
inspector-failures = Ошибки
inspector-successes = Успешные
inspector-all-services = Все службы
inspector-api-sign-in = вход
inspector-api-resource-manager = Resource Manager
inspector-api-proxy-test = проверка прокси
inspector-find = Найти:
inspector-clear = Очистить запросы
inspector-copy-har = Копировать показанные как HAR
inspector-copy-har-hint = Журнал HAR 1.2 показанных запросов с первыми 16 КиБ каждого тела для последних 1000
inspector-copy-curl-script = Копировать показанные как скрипт curl
inspector-copy-curl-script-hint = Скрипт оболочки, который повторяет показанные запросы через curl с SAS учетной записи из AZURE_STORAGE_SAS и сообщает, на какие из них служба теперь отвечает иначе
inspector-copy-python = Копировать показанные как скрипт Python
inspector-copy-python-hint = Скрипт Python, который повторяет показанные запросы через пакеты SDK Microsoft (учетная запись — из AZURE_STORAGE_CONNECTION_STRING) и сообщает, на какие из них служба теперь отвечает иначе
inspector-select = Выберите запрос, чтобы увидеть его заголовки.
inspector-col-time = Время
inspector-col-service = Служба
inspector-col-method = Метод
inspector-col-resource = Ресурс
inspector-col-status = Состояние
inspector-col-ms = мс
inspector-col-try = Попытка
inspector-col-request-id = Идентификатор запроса
inspector-no-answer = нет ответа
inspector-copy-as-curl = Копировать как curl
inspector-copy-as-har = Копировать как HAR
inspector-copy-url = Копировать URL-адрес
inspector-copy-request-id = Копировать идентификатор запроса
inspector-copy-client-request-id = Копировать идентификатор запроса клиента
inspector-pipeline = Конвейер: { $note }
inspector-client-request-id = Идентификатор запроса клиента: { $id }
inspector-request-headers = Заголовки запроса
inspector-response-headers = Заголовки ответа
inspector-string-to-sign = Строка для подписи, которую использовал клиент (сравните с серверной, например в журнале отладки Azurite)

## Панель очереди

queue-about = Около { $count ->
        [one] { $count } сообщения
       *[other] { $count } сообщений
    }
queue-about-unknown = Сообщений: ?
queue-about-hint = Приблизительное число от службы: в него входят невидимые сообщения, и оно может запаздывать.
queue-peek = Просмотреть
queue-peek-hint = F5 или Ctrl+R: просмотр ничего не меняет
queue-peek-count = Сколько сообщений просмотреть
queue-peek-count-hint = Сколько сообщений читает просмотр: служба возвращает не более 32 за раз.
queue-open-lab = Открыть в лаборатории конфликтов
queue-more = Еще
queue-more-hint = как показывать сообщения
queue-poison-threshold = Порог «отравленных»: { $count }
queue-poison-at = «отравленное» при числе извлечений { $count }
queue-show-raw = показывать текст как хранится
queue-peeked = Просмотрены первые { $count } сообщ. (служба возвращает не более { $max } за раз); просмотр ничего не меняет.
queue-col-dequeue-count = Число извлечений
queue-col-encoding = Кодировка
queue-col-text = Текст
queue-col-size = Размер
queue-col-inserted = Добавлено
queue-col-expires = Истекает
queue-col-id = Идентификатор
queue-likely-poison = { $count }, вероятно «отравленное»
queue-likely-poison-hint = Доставлено столько раз и ни разу не удалено: его потребители раз за разом на нем сбиваются.
queue-bytes = { $count } Б
queue-copy-one-to = Копировать сообщение в очередь
queue-copy-many-to = Копировать { $count ->
        [one] { $count } сообщение
        [few] { $count } сообщения
       *[other] { $count } сообщений
    } в очередь
queue-message-title = Сообщение { $id }
queue-size-as-stored = { $count } Б в хранилище
queue-text-as-stored = Текст в том виде, как хранится (по просмотру: более новый просмотр может отличаться):
queue-message-text = Текст сообщения
queue-show-message = Показать сообщение
queue-copy-text = Копировать текст
queue-copy-texts = Копировать тексты
queue-copy-id = Копировать идентификатор сообщения
queue-copy-ids = Копировать идентификаторы сообщений
queue-copy-json = Копировать как JSON
encoding-raw = как хранится
encoding-base64-text = текст в Base64
encoding-base64-binary = двоичные данные в Base64
encoding-plain = обычный текст
encoding-binary-bytes = ({ $count } байт двоичных данных)

## Панель очереди: извлечение и удерживаемые сообщения

dequeue-nothing = Извлекать нечего: все сообщения невидимы или очередь пуста.
dequeue-updated = Обновлено: у сообщения новая квитанция извлечения.
dequeue-unsaved = { $count ->
        [one] новый текст { $count } удерживаемого сообщения
       *[other] новый текст { $count } удерживаемых сообщений
    }
dequeue-title = Извлечение (получение сообщений)
dequeue-take = взять
dequeue-count = Сколько сообщений извлечь
dequeue-hide-for = скрыть на
dequeue-seconds = { $count } с
dequeue-button = Извлечь
dequeue-explain = Извлеченные сообщения становятся невидимыми для всех остальных потребителей на { $seconds } с. Удалите их за это время, иначе они вернутся с числом извлечений на единицу больше.
held-dequeue-count = число извлечений: { $count }
held-pop-receipt = Квитанция извлечения: { $receipt }
held-text = { $encoding }: { $text }
held-done = Готово.
held-released = Освобождено: сообщение снова видимо, а эта квитанция устарела.
held-visible-in = Снова станет видимым через { $seconds } с
held-delete-message = Удалить сообщение
held-return-now = Вернуть в очередь сейчас
held-extend = Продлить на 30 с
held-edit-text = Изменить текст
held-copy-receipt = Копировать квитанцию извлечения
held-delete = Удалить { $id }
held-return = Вернуть { $id } сейчас
held-extend-id = Продлить { $id } на 30 с
held-edit = Изменить { $id }
held-binary = Двоичное содержимое (Base64 байтов, не являющихся UTF-8) нельзя изменить как текст.
held-new-text = Новый текст { $id }
held-save-text = Сохранить текст { $id }
held-choose-queue = выберите очередь
held-to-queue = в { $queue }
held-target = Очередь назначения для { $id }
held-move = Переместить { $id }

## Панель очереди: отправка, очистка, копирование в другую очередь, накопление

put-done = Отправлено сообщение { $id }
put-title = Отправка сообщения
put-text = Текст сообщения:
put-store-as = Хранить как:
put-base64 = Base64 (что читает большинство SDK)
put-plain = обычный текст UTF-8
put-ttl = Срок жизни:
put-ttl-default = 7 дней (по умолчанию)
put-ttl-never = бессрочно
put-ttl-seconds = секунд:
put-ttl-seconds-name = Срок жизни в секундах
put-delay = Сначала невидимо в течение
put-delay-name = Начальная невидимость
put-size = { $count } из { $max } байт в хранилище
put-too-big = { $count } байт в хранилище: больше предела в 64 КиБ, отправить нельзя.
put-button = Отправить сообщение
clear-button = Очистить очередь…
clear-hint = все сообщения, включая невидимые (с подтверждением)
clear-title = Очистить очередь `{ $queue }`?
clear-body = Будут удалены около { $count ->
        [one] { $count } сообщения
       *[other] { $count } сообщений
    }, включая невидимые. Это действие нельзя отменить.
clear-body-unknown = Будут удалены все сообщения, включая невидимые. Это действие нельзя отменить.
clear-yes = Удалить { $count ->
        [one] { $count } сообщение
        [few] { $count } сообщения
       *[other] { $count } сообщений
    }
clear-yes-unknown = Удалить все сообщения
clear-done = Очередь `{ $queue }` очищена
copy-none = В этой учетной записи нет других очередей (дерево покажет их, когда вы развернете узел «Очереди»).
copy-to = в { $queue }
copy-done = Скопировано в `{ $queue }`: { $count ->
        [one] { $count } сообщение
        [few] { $count } сообщения
       *[other] { $count } сообщений
    }, каждое с текстом в том виде, как он хранится, и с оставшимся сроком жизни; оригиналы остаются здесь. Там каждое — новое сообщение: новый идентификатор и время добавления, число извлечений 0.
copy-not-copied = Не скопировано: { $id }: { $why }
backlogs-title = Накопление сообщений в очередях — { $account }
backlogs-explain = Приблизительное число сообщений каждой очереди, замеряется каждые { $seconds } с, пока это окно открыто.
confirm-cancel = Отмена

## Строки метаданных (BLOB-объекта, контейнера, очереди)

metadata-add-blob = Добавить метаданные
metadata-add-container = Добавить метаданные контейнера
metadata-add-queue = Добавить метаданные очереди
metadata-name-blob = Имя метаданных { $n }
metadata-name-container = Имя метаданных контейнера { $n }
metadata-name-queue = Имя метаданных очереди { $n }
metadata-value-blob = Значение метаданных { $n }
metadata-value-container = Значение метаданных контейнера { $n }
metadata-value-queue = Значение метаданных очереди { $n }
metadata-remove-blob = Удалить метаданные { $n }
metadata-remove-container = Удалить метаданные контейнера { $n }
metadata-remove-queue = Удалить метаданные очереди { $n }
metadata-remove = Удалить

## Панель очереди: просмотр всей очереди, метаданные очереди

scan-dialog = Экспорт просмотренных сообщений
scan-export-cancelled = Экспорт отменен.
scan-write-failed = Не удалось записать { $path }: { $why }
scan-exported = Сообщений экспортировано: { $count }, в { $path }
scan-title = Просмотр `{ $queue }`
scan-cancelled-list = Отменено после { $count } сообщ.: в списке то, что было получено до отмены.
scan-failed-list = Остановлено сбоем после { $count } сообщ.: в списке то, что было получено до сбоя.
scan-whole-list = Сообщений: { $count } — вся очередь, какой ее увидел просмотр. Число извлечений включает извлечение самим просмотром.
scan-find = Найти в результатах:
scan-find-hint = текст или идентификатор
scan-export-json = Экспорт в JSON Lines…
scan-export-csv = Экспорт в CSV…
scan-shown = Показано: { $count }
scan-first-shown = Здесь показаны первые { $shown } из { $count }; экспорт и копирование берут все { $count }.
scan-finding = Поиск в результатах просмотра…
scan-find-failed = Не удалось выполнить поиск в результатах просмотра: { $why }
scan-record-failed = Не удалось сохранить сообщения просмотра во временном файле: { $why }. Не переполнена ли временная папка?
scan-copy-shown = Копировать показанные ({ $count }) в очередь
scan-cancelled = Просмотр отменен после { $count } сообщ.; все удерживавшиеся им пакеты снова видимы.
scan-done = Вся очередь просмотрена: сообщений { $count }, все снова видимы.
scan-button = Просмотреть всю очередь…
scan-hint = все сообщения, а не только 32 из обычного просмотра: получает и возвращает их (с подтверждением)
scan-running = Просмотр всей очереди: получено сообщений — { $count }…
scan-cancel = Отменить просмотр
scan-ask-title = Просмотреть всю очередь `{ $queue }`?
scan-ask-body = Просмотр получает сообщения по { $batch } за раз и сразу же снова делает каждое видимым. Чего это стоит: у каждого сообщения число извлечений вырастет на единицу (потребитель, считающий повторы, увидит на один больше), все квитанции извлечения сменятся (квитанция, удерживаемая где-то еще, устареет), и пока пакет удерживается, потребители не могут взять эти сообщения (мгновение; не более { $hold } с, если просмотр прервется). Сообщения, которые сейчас удерживает потребитель, не будут видны.
scan-ask-yes = Просмотреть всю очередь
queue-metadata-saved = Метаданные `{ $queue }` сохранены
queue-metadata-unsaved = метаданные очереди
queue-metadata = Метаданные
queue-metadata-none = (нет)
queue-metadata-changed = Изменено в службе, пока вы редактировали: сейчас { $theirs }
queue-metadata-save = Сохранить метаданные
queue-metadata-save-hint = Set Queue Metadata не принимает условий: приложение перечитывает метаданные непосредственно перед записью и отказывается, если они изменились с начала редактирования (изменение, пришедшее в этот промежуток, не будет замечено)
queue-metadata-reapply = Перезагрузить и снова применить мои изменения метаданных
queue-metadata-force = Все равно сохранить метаданные (заменит чужие)
queue-metadata-discard = Отменить мои изменения метаданных

## Панель очереди: действия с сообщениями, наблюдение, графики

moved-deleted = Удалено: сообщение покинуло эту очередь.
moved-ttl-left = оставшимися { $seconds } с срока жизни
moved-ttl-never = своим сроком жизни (бессрочно)
moved-done = Перемещено в `{ $queue }` с текстом в том виде, как он хранится, и { $kept }. Там это новое сообщение: новый идентификатор и время добавления, число извлечений 0 (служба не может их перенести).
queue-watch-what = просмотр и чтение свойств очереди
queue-backlog = Накопление во времени
queue-change-appeared = появилось: { $id }… { $text }
queue-change-gone = больше не видно: { $id }… (взято потребителем, удалено или истекло)
queue-change-back-again = снова видимо: { $id }…, число извлечений { $count } (было { $was }): у потребителя истекло время невидимости
queue-change-back = снова видимо: { $id }…
chart-no-samples = Замеров пока нет: каждый просмотр или обновление добавляет один.
chart-growing = растет на { $rate } сообщ./мин
chart-draining = убывает на { $rate } сообщ./мин
chart-steady = без изменений
chart-one-sample = пока один замер
chart-backlog-now = Сейчас в очереди: { $count } сообщ., { $trend }
chart-copy-backlog = Копировать данные о накоплении
chart-appeared = появилось
chart-taken = взято
chart-back = вернулось
chart-invisible = невидимо
chart-windows-text = Интервалы невидимости в виде текста
chart-copy-windows = Копировать интервалы невидимости
chart-visible-in = снова видимо через { $seconds } с
chart-visible-again = снова видимо
chart-window = { $id }: скрыто с { $from } до { $until } ({ $state })
watch-every = Наблюдать каждые
watch-every-hint = Перечитывать { $what } с заданным интервалом и отмечать изменения; ничего не записывает
watch-seconds = Интервал наблюдения в секундах
watch-per-minute = около { $count } запросов в минуту
watch-per-read = { $count ->
        [one] Каждое чтение — { $count } запрос: { $what }
        [few] Каждое чтение — { $count } запроса: { $what }
       *[other] Каждое чтение — { $count } запросов: { $what }
    }
watch-throttled = замедлено: каждые { $seconds } с, пока служба снова не ответит
watch-failed = Последнее чтение не удалось: { $why }
watch-asking-again = { $why } Повторный запрос через { $seconds } с.
watch-stopped = Наблюдение остановлено: служба отказала в чтении (403). { $why }
watch-mark-seen = Отметить все как просмотренные
watch-mark-seen-hint = Снимает отметки «новое» и «изменено»; исчезнувшие { $rows } остаются, пока их не скрыть
watch-dismiss = Скрыть исчезнувшие ({ $count })
watch-changes = Изменения ({ $count })
watch-changes-hint = Что и когда изменилось, { $where }
watch-filter = Фильтр изменений:
watch-copy = Копировать изменения как JSON Lines
watch-clear = Очистить изменения
copy-failed = До этой ошибки из `{ $from }` в `{ $to }` скопировано { $done } из { $total } сообщ. ({ $why }). Все оригиналы по-прежнему в `{ $from }`.
scan-return-failed = { $count ->
        [one] { $count } сообщение, которое просмотр не смог снова сделать видимым, само появится в очереди в течение { $seconds } с.
        [few] { $count } сообщения, которые просмотр не смог снова сделать видимыми, сами появятся в очереди в течение { $seconds } с.
       *[many] { $count } сообщений, которые просмотр не смог снова сделать видимыми, сами появятся в очереди в течение { $seconds } с.
    }
moved-delete-failed = Сообщение скопировано в `{ $to }`, но оригинал удалить не удалось ({ $why }); оно снова появится в `{ $from }`.
queue-changes-seen = Замеченные изменения ({ $count })
queue-changes-between = Между просмотрами: включите наблюдение, чтобы просматривать очередь с интервалом.
op-use-receipt = Использование квитанции извлечения
receipt-stale = Время невидимости истекло: сообщение вернулось в очередь, а эта квитанция устарела (сообщение уже может удерживать кто-то другой). Извлеките его снова, чтобы с ним работать.
receipt-busy = Действие с этим сообщением еще выполняется, и оно сменит квитанцию извлечения. Дождитесь его и повторите.
op-save-queue-metadata = Сохранение метаданных очереди
queue-metadata-stale = Метаданные очереди изменились в службе, пока вы их редактировали. Перезагрузите и снова примените свои изменения или все равно сохраните (очереди не принимают условий: ваши метаданные заменят чужие).
op-put-message = Отправка сообщения
op-move-message = Перемещение сообщения
ttl-run-out = Срок жизни истек: сообщение удаляется и не может быть перемещено.

## Панели сведений

details-properties = Свойства
details-lease = Аренда
details-tags = Теги
details-snapshots = Моментальные снимки и версии
details-access = Доступ
details-held = Удерживаемые сообщения
details-new-message = Новое сообщение
details-history = Журнал
details-hide = Скрыть сведения
details-show = Показать сведения
tab-title-container = { $name } (контейнер)
tab-title-queue = { $name } (очередь)
tab-title-table = { $name } (таблица)
badge-messages = ~{ $count } сообщ.

## Что окно сообщает по завершении действий

closed-tabs = Закрытые вкладки, которые еще работают (отправленное ими будет записано, когда придет ответ)
closed-held = { $count ->
        [one] { $count } сообщение удерживается с действующей квитанцией
        [few] { $count } сообщения удерживаются с действующими квитанциями
       *[other] { $count } сообщений удерживаются с действующими квитанциями
    }
closed-request = выполняется запрос
closed-tab = { $title }: { $what }
closed-reopen = Открыть снова { $title }
quit-title = Выйти из Tessera?
quit-unsaved-in = { $place }: { $what }
quit-unsaved-service-settings = Параметры службы { $account }: изменение не сохранено
quit-unsaved = { $count ->
        [one] { $count } несохраненная правка (будет потеряна, если выйти все равно):
        [few] { $count } несохраненные правки (будут потеряны, если выйти все равно):
       *[other] { $count } несохраненных правок (будут потеряны, если выйти все равно):
    }
quit-jobs = { $count ->
        [one] { $count } задание выполняется (при выходе оно будет отменено; его очистка завершится до закрытия окна):
        [few] { $count } задания выполняются (при выходе они будут отменены; их очистка завершится до закрытия окна):
       *[other] { $count } заданий выполняются (при выходе они будут отменены; их очистка завершится до закрытия окна):
    }
quit-writes = { $count ->
        [one] { $count } запись отправлена, ответа еще нет: окно дождется его.
        [few] { $count } записи отправлены, ответа еще нет: окно дождется их.
       *[other] { $count } записей отправлено, ответа еще нет: окно дождется их.
    }
quit-held = { $count ->
        [one] { $count } сообщение удерживается с действующей квитанцией: после выхода оно останется скрытым до конца времени невидимости.
        [few] { $count } сообщения удерживаются с действующими квитанциями: после выхода они останутся скрытыми до конца времени невидимости.
       *[other] { $count } сообщений удерживаются с действующими квитанциями: после выхода они останутся скрытыми до конца времени невидимости.
    }
quit-lens = { $count ->
        [one] Через линзу открыто { $count } подключение вашего приложения: выход закроет его ({ $connections }).
        [few] Через линзу открыто { $count } подключения вашего приложения: выход закроет их ({ $connections }).
       *[other] Через линзу открыто { $count } подключений вашего приложения: выход закроет их ({ $connections }).
    }
quit-return-held = { $count ->
        [one] Сделать { $count } удерживаемое сообщение снова видимым (Update Message, видимость 0)
        [few] Сделать { $count } удерживаемых сообщения снова видимыми (Update Message, видимость 0)
       *[other] Сделать { $count } удерживаемых сообщений снова видимыми (Update Message, видимость 0)
    }
quit-what-happens = «Сохранить все и выйти» сохраняет каждую правку так же, как ее кнопка «Сохранить» (только если с момента чтения ее никто не изменил); правка, которую сохранить нельзя, остается, и вопрос будет задан снова.
quit-still-unsaved = Эти правки не сохранены: сохранение не удалось (причина — на ее вкладке) или такую правку не отправляет сохранение (текст для добавления, изменение многих элементов, импорт). Ваши правки сохранены в окне.
quit-save-all = Сохранить все и выйти
quit-anyway = Все равно выйти
quit-keep-working = Продолжить работу
quit-saving = Сохранение перед выходом…
quit-leaving = Выход: ожидание завершения работы ниже
quit-now-loses = Выход сейчас прервет то, что еще выполняется: очистка задания может не завершиться (останется частичный файл, сообщения будут скрыты до конца времени невидимости).
quit-now = Выйти сейчас
tabs-empty = Откройте таблицу, контейнер или очередь в дереве слева.
demo-failed = Не удалось запустить демонстрационный эмулятор: { $why }
job-seed-demo = Заполнение демонстрационными данными
job-seed-million = Запись миллиона строк в { $table }
notice-no-log = Не удается записать файл журнала { $path }, поэтому в этом сеансе журнал не ведется. Проверьте, что папка доступна для записи.
notice-no-keychain = { $why }. Введенные ключи и маркеры SAS хранятся только до конца сеанса и никогда не записываются на диск.
notice-secret-this-run = Секрет `{ $account }` хранится только до конца сеанса: { $why }.
notice-removed-keychain = Учетная запись удалена, ее секрет удален из связки ключей.
notice-removed-this-run = Учетная запись удалена, ее секрет забыт (он хранился только до конца сеанса).
notice-connect-account = Сначала подключите учетную запись (откройте ее в дереве).
notice-connect-lab = Сначала подключите учетную запись (откройте ее в дереве), затем откройте лабораторию конфликтов.
notice-account-saved = Учетная запись `{ $account }` сохранена.
done-created-container = Контейнер `{ $name }` создан.
done-created-queue = Очередь `{ $name }` создана.
done-created-table = Таблица `{ $name }` создана.
done-deleted-container = Контейнер `{ $name }` удален.
done-deleted-queue = Очередь `{ $name }` удалена.
done-deleted-table = Таблица `{ $name }` удалена.
done-deleted-containers = Удалено: { $count ->
        [one] { $count } контейнер
        [few] { $count } контейнера
       *[other] { $count } контейнеров
    } — { $names }.
done-deleted-queues = Удалено: { $count ->
        [one] { $count } очередь
        [few] { $count } очереди
       *[other] { $count } очередей
    } — { $names }.
done-deleted-tables = Удалено: { $count ->
        [one] { $count } таблица
        [few] { $count } таблицы
       *[other] { $count } таблиц
    } — { $names }.
closed-notice = Вкладка { $title } закрыта. Отправленное ею все равно завершится и будет записано; до тех пор она видна в разделе «Действия», где ее можно открыть снова.

## Сервис > Прокси…

proxy-title = Прокси
proxy-system = Параметры системы (HTTPS_PROXY и NO_PROXY в Linux)
proxy-direct = Без прокси
proxy-manual = Этот прокси:
proxy-address = Адрес:
proxy-user = Пользователь:
proxy-user-hint = только если прокси запрашивает (HTTP 407)
proxy-password = Пароль:
proxy-password-hint = хранится в связке ключей ОС; если оставить пустым, сохраненный не изменится
proxy-test-with = Проверить на:
proxy-test = Проверить
proxy-testing = Проверка…
proxy-reading-password = Чтение сохраненного пароля из связки ключей…
proxy-use = Использовать эти параметры
proxy-password-unreadable = Не удалось прочитать пароль прокси из связки ключей ({ $why }): прокси используется без него.
proxy-not-used = Сохраненный прокси не используется: { $why }

## Окно «Свойства» ресурса

props-title-container = Свойства контейнера `{ $name }`
props-title-queue = Свойства очереди `{ $name }`
props-title-table = Свойства таблицы `{ $name }`
props-name = Имя
props-address = Адрес
props-public-access = Общий доступ
props-lease-state = Состояние аренды
props-lease-status = Статус аренды
props-locked = заблокирован
props-unlocked = не заблокирован
props-metadata = Метаданные
props-approximate-count = Приблизительное число
props-count = { $count ->
        [one] { $count } сообщение (включая невидимые)
        [few] { $count } сообщения (включая невидимые)
       *[other] { $count } сообщений (включая невидимые)
    }
props-reading = Чтение свойств…
props-table-none = Служба таблиц не хранит свойств таблицы: у нее есть только имя и адрес.
props-copy-address = Копировать адрес
props-close = Закрыть
props-etag = ETag
props-last-modified = Last-Modified

## Начальная страница

welcome-title = Добро пожаловать в Tessera
welcome-intro = Откройте таблицу, контейнер или очередь в дереве слева или продолжите с того места, где остановились.
welcome-recent = Недавно открытые
welcome-recent-table = таблица `{ $name }` в { $account }
welcome-recent-container = контейнер `{ $name }` в { $account }
welcome-recent-queue = очередь `{ $name }` в { $account }
welcome-accounts = Учетные записи
welcome-account-state = { $account }: { $state }
welcome-browse-state = откройте ее в дереве, чтобы увидеть подписки и учетные записи хранения
welcome-connect = Подключиться к { $account }
welcome-demo-starting = Запуск демонстрационного эмулятора (Azurite, в памяти)…
welcome-new-here = Впервые здесь?
welcome-open-demo = Открыть демонстрацию
welcome-open-demo-hint = Запускает локальный Azurite в памяти и заполняет его таблицами, BLOB-объектами и очередями для знакомства

## Справка > Сочетания клавиш

shortcuts-title = Сочетания клавиш
shortcuts-intro = В macOS вместо Ctrl — Cmd. Клавиши панели действуют, пока фокус не в текстовом поле.

## What the open tabs hold in memory (src/app/frame/held.rs)
status-held-blobs = Вкладки занимают { $size }: { $blobs ->
        [one] { $blobs } BLOB-объект
        [few] { $blobs } BLOB-объекта
       *[other] { $blobs } BLOB-объектов
    }
status-held-entities = Вкладки занимают { $size }: { $entities ->
        [one] { $entities } сущность
        [few] { $entities } сущности
       *[other] { $entities } сущностей
    }
status-held-both = Вкладки занимают { $size }: { $blobs ->
        [one] { $blobs } BLOB-объект
        [few] { $blobs } BLOB-объекта
       *[other] { $blobs } BLOB-объектов
    } и { $entities ->
        [one] { $entities } сущность
        [few] { $entities } сущности
       *[other] { $entities } сущностей
    }
status-held-hint = Память, которую занимают списки, сущности и сортировки открытых вкладок; закрытие вкладки освобождает её
