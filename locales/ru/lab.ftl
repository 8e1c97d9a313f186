# Лаборатория конфликтов и общие элементы, которыми рисуют панели (русский).


## Линза: запросы вашего собственного приложения через точку подключения перед одной учётной записью
lens-window = Линза на { $account }: запросы вашего приложения
lens-starting = Точка подключения запускается…
lens-failed = Не удалось запустить линзу: { $why }
lens-try-again = Попробовать снова
lens-connection-string = Строка подключения для вашего приложения:
lens-copy-connection-string = Копировать строку подключения
lens-copy-connection-string-hint = Копируется вместе с ключом учётной записи или SAS, которые здесь не показаны: передайте её только вашему приложению.
lens-connection-string-hint = Приложение использует её вместо своей: тогда каждый его запрос идёт через Tessera к этой учётной записи и никуда больше.
lens-loopback = Подключения принимаются только с этого компьютера (127.0.0.1): другие машины подключиться не могут.
lens-listen-wide = Разрешить подключения с других машин…
lens-wide = Подключения принимаются на всех сетевых интерфейсах: любой, кто доберётся до этих портов, пользуется учётной записью с её ключом.
lens-listen-loopback = Принимать подключения только с этого компьютера
lens-wide-title = Разрешить подключения с других машин?
lens-wide-body = Точка подключения будет слушать на всех сетевых интерфейсах. Любой, кто может достучаться до этих портов (в вашей сети или за её пределами, если брандмауэр пропустит), читает и пишет в { $account } от вашего имени и без ключа: точка подключения ничего не подписывает, но пересылает в эту учётную запись всё, что к ней приходит. Делайте так только в сети, которой доверяете, и по окончании верните приём только с этого компьютера.
lens-wide-yes = Слушать на всех интерфейсах
lens-open-connections = { $count ->
        [one] Открыто { $count } подключение приложения
        [few] Открыто { $count } подключения приложения
       *[other] Открыто { $count } подключений приложения
    }
lens-closed-none-open = Линза на { $account } остановлена; открытых подключений приложения не было.
lens-closed-open = { $count ->
        [one] Линза на { $account } остановлена. Было открыто { $count } подключение приложения, теперь оно закрыто: { $connections }
        [few] Линза на { $account } остановлена. Было открыто { $count } подключения приложения, теперь они закрыты: { $connections }
       *[other] Линза на { $account } остановлена. Было открыто { $count } подключений приложения, теперь они закрыты: { $connections }
    }
lens-requests-heading = Запросы вашего приложения
lens-filter-operation = Фильтр по операции:
lens-filter-resource = Фильтр по ресурсу:
lens-filter-status = Фильтр по статусу:
lens-copy-har = Копировать как HAR
lens-copy-har-hint = Показанные запросы в виде текста HAR-файла (его открывают инструменты браузеров и прокси); ни ключ, ни подпись в него не попадают.
lens-requests-shown = Показано запросов: { $shown } из { $total }
lens-requests-none = Запросов пока нет: запустите приложение со строкой подключения слева.
lens-col-number = №
lens-col-time = Время
lens-col-operation = Операция
lens-col-resource = Ресурс
lens-col-status = Статус
lens-col-details = От чего зависел
lens-no-answer = нет ответа
lens-detail-retry = повтор №{ $number }
lens-detail-etag = отправлен If-Match { $sent }, получен ETag { $got }
lens-detail-etag-answered = получен ETag { $got }
lens-detail-if-none-match = отправлен If-None-Match { $sent }
lens-detail-lease = аренда { $lease }
lens-detail-receipt = квитанция { $receipt }
lens-detail-visible = снова видимо { $time }
lens-detail-dequeued = извлечено раз: { $count }
lens-detail-continued-from = продолжение с { $token }
lens-detail-continuation = следующее продолжение { $token }
lens-detail-parts = части: { $parts }
lens-detail-rules = правила: { $rules }
lens-detail-took = { $ms } мс
lens-rule-heading = Добавить правило сбоя или удержания
lens-rule-match-hint = Оно действует на запросы, подходящие под все заполненные поля (пустое поле — любой).
lens-rule-operation = Операция:
lens-rule-resource = Ресурс:
lens-rule-prefix = Все ресурсы, начинающиеся с этого
lens-rule-method = Метод:
lens-rule-does = Что делает:
lens-kind-answer = Отвечает статусом
lens-kind-delay = Добавляет задержку
lens-kind-cut = Обрывает ответ посреди тела
lens-kind-hold = Удерживает
lens-rule-status = Статус:
lens-rule-code = Код ошибки (пусто — обычный код службы):
lens-rule-ms = Задержка (мс):
lens-rule-after-bytes = Оборвать после (байт):
lens-hold-before = запрос, до пересылки
lens-hold-after = ответ, до возврата приложению
lens-rule-how = Как часто:
lens-how-always = Каждое совпадение
lens-how-next = Следующие N совпадений
lens-how-every = Каждое N-е совпадение
lens-how-probability = С вероятностью
lens-rule-count = N:
lens-rule-probability = Вероятность (от 0 до 1):
lens-rule-probability-bad = Вероятность должна быть от 0 до 1.
lens-rule-bad-number = { $what } «{ $text }» — не число.
lens-add-rule = Добавить правило
lens-rule-name = правило { $number }
lens-rules-heading = Действующие правила ({ $count })
lens-rules-none = Правил нет: каждый запрос проходит таким, каким пришёл.
lens-any-operation = любая операция
lens-describe-prefix = ресурсы, начинающиеся с { $prefix }
lens-describe-answer = ответ { $status } { $code }
lens-describe-delay = задержка { $ms } мс
lens-describe-cut = обрыв ответа после { $bytes } байт
lens-describe-hold-before = удержать запрос
lens-describe-hold-after = удержать ответ
lens-describe-always = каждое совпадение
lens-describe-next = следующие совпадения: { $count }
lens-describe-every = каждое { $count }-е совпадение
lens-describe-probability = { $percent } % совпадений
lens-rule-fired = сработало раз: { $fired } (совпадений: { $matched })
lens-remove-rule = Удалить { $name }
lens-held-heading = Удержанные запросы ({ $count })
lens-held-none = Ничего не удержано: правило удержания держит здесь подходящие запросы, пока вы не решите.
lens-held-line = №{ $number } { $operation } { $resource } ({ $stage })
lens-held-before = удержан до пересылки
lens-held-after = удержан его ответ
lens-held-for = удерживается { $seconds } с
lens-held-timeout = собственный тайм-аут запроса: { $seconds } с
lens-held-no-timeout = у запроса нет собственного тайм-аута
lens-answer-status = Ответить статусом:
lens-answer-code = и кодом ошибки (пусто — обычный код службы):
lens-answer-status-bad = Статус — это число от 100 до 599.
lens-release = Отпустить №{ $number }
lens-drop = Сбросить №{ $number }
lens-drop-hint = Закрывает подключение приложения без ответа, как при сбое сети.
lens-answer = Ответить на №{ $number }
lens-held-ended = Запрос №{ $number } уже не удерживается (приложение сдалось или линза остановлена).

## Лаборатория конфликтов: готовые сценарии (названия, пояснения, шаги)
lab-scenarios-entity-title = Оптимистичный параллелизм для сущности
lab-scenarios-entity-explains = Оба клиента читают сущность и получают один и тот же ETag. A сохраняет первым, и ETag меняется; B сохраняет все еще со старым ETag, поэтому служба отклоняет запрос с кодом 412, а не теряет молча изменение A. B перечитывает сущность, заново применяет свое изменение и сохраняет успешно. Затем B указывает If-Match: * и просто перезаписывает изменение A: побеждает последний записавший.
lab-scenarios-entity-1 = A читает сущность (ETag v1)
lab-scenarios-entity-2 = B читает сущность (тот же v1)
lab-scenarios-entity-3 = A сохраняет Count = 1 с If-Match v1 (теперь v2)
lab-scenarios-entity-4 = B сохраняет Count = 2 с If-Match v1: 412
lab-scenarios-entity-5 = B перечитывает (v2) и заново применяет свое изменение
lab-scenarios-entity-6 = B сохраняет Count = 2 с If-Match v2 (теперь v3)
lab-scenarios-entity-7 = A сохраняет Count = 10 со своим устаревшим v2: 412
lab-scenarios-entity-8 = B принудительно сохраняет Count = 99 с If-Match: * (побеждает последний записавший)
lab-scenarios-entity-9 = Независимая проверка: Count = 99, сохранил B
lab-scenarios-blob-title = Оптимистичный параллелизм для BLOB-объекта
lab-scenarios-blob-explains = Та же гонка на BLOB-объекте: отправка с If-Match, равным увиденному ETag, завершается ошибкой 412, как только кто-то другой записал данные. If-None-Match: * превращает отправку в «только создание»: второму клиенту, создающему BLOB-объект, служба отказывает.
lab-scenarios-blob-1 = A читает shared.txt (ETag v1)
lab-scenarios-blob-2 = B читает shared.txt (тот же v1)
lab-scenarios-blob-3 = A отправляет с If-Match v1 (теперь v2)
lab-scenarios-blob-4 = B отправляет с If-Match v1: 412
lab-scenarios-blob-5 = A создает new.txt с If-None-Match: * (только создание)
lab-scenarios-blob-6 = B создает new.txt с If-None-Match: *: отказ
lab-scenarios-blob-7 = Независимая проверка: shared.txt записан A, new.txt записан A
lab-scenarios-append-title = Два клиента дописывают в один журнал
lab-scenarios-append-explains = Добавления в BLOB-объект добавления никогда не перезаписывают друг друга: каждый блок попадает в конец. Но клиент, которому нужно знать, куда попадет его запись (журнал со смещениями, запись ровно один раз), добавляет только в увиденную им позицию (x-ms-blob-condition-appendpos): если другой клиент успел первым, служба отвечает отказом 412, и клиент читает новый конец и пробует снова. Максимальный размер (x-ms-blob-condition-maxsize) отклоняет добавление, после которого журнал превысил бы этот размер.
lab-scenarios-append-1 = A читает журнал: 0 байт
lab-scenarios-append-2 = B читает журнал: те же 0 байт
lab-scenarios-append-3 = A добавляет "A1;" в позицию 0
lab-scenarios-append-4 = B добавляет "B1;" в свою устаревшую позицию 0: 412
lab-scenarios-append-5 = B снова читает журнал: 3 байта
lab-scenarios-append-6 = B добавляет "B1;" в позицию 3
lab-scenarios-append-7 = A добавляет "A2;" без позиции: блок попадает в конец, где бы тот ни был
lab-scenarios-append-8 = A добавляет "A3;", только если журнал не превысит 10 байт: 412
lab-scenarios-append-9 = Независимая проверка: A1;B1;A2;
lab-scenarios-lease-title = Пессимистичный параллелизм с арендой
lab-scenarios-lease-explains = Аренда — это блокировка: пока ее держит A, записи B завершаются ошибкой 412 (нет идентификатора аренды), и успешны только записи с идентификатором аренды A. Когда A освобождает аренду, B может ее получить. Прервать аренду может любой: B прерывает аренду A, и A может закончить работу в течение периода прерывания (оба видят `breaking`), после чего аренда переходит в состояние `broken` и получить ее может кто угодно.
lab-scenarios-lease-1 = A получает аренду на 15 с
lab-scenarios-lease-2 = B записывает без идентификатора аренды: 412
lab-scenarios-lease-3 = A записывает со своим идентификатором аренды
lab-scenarios-lease-4 = A освобождает аренду
lab-scenarios-lease-5 = B получает аренду на 15 с
lab-scenarios-lease-6 = B освобождает ее
lab-scenarios-lease-7 = A получает бессрочную аренду
lab-scenarios-lease-8 = B прерывает аренду A с периодом 3 с
lab-scenarios-lease-9 = A видит `breaking`
lab-scenarios-lease-10 = B видит `breaking`
lab-scenarios-lease-11 = Ожидание 4 с, пока идет период прерывания
lab-scenarios-lease-12 = A видит `broken`
lab-scenarios-lease-13 = B видит `broken`
lab-scenarios-queue-title = Конкурирующие потребители очереди
lab-scenarios-queue-explains = A извлекает сообщение, и оно становится невидимым на время ожидания A (10 с), поэтому B ничего не получает. Затем A «падает» (ничего не делает). Когда время ожидания истекает, сообщение появляется снова; B забирает его с числом извлечений 2. Запоздалое удаление от A отклоняется: квитанция извлечения A устарела, когда сообщение появилось снова (доставка «хотя бы один раз»).
lab-scenarios-queue-1 = A извлекает с временем ожидания видимости 10 с
lab-scenarios-queue-2 = B извлекает: ничего (сообщение невидимо)
lab-scenarios-queue-3 = A падает: ожидание 11 с без действий
lab-scenarios-queue-4 = B снова извлекает: сообщение, число извлечений 2
lab-scenarios-queue-5 = Запоздалое удаление A со старой квитанцией: отказ
lab-scenarios-queue-6 = B удаляет его с текущей квитанцией
lab-scenarios-queue-7 = Независимая проверка: очередь пуста
lab-scenarios-leader-title = Выбор лидера с помощью аренды BLOB-объекта
lab-scenarios-leader-explains = Оба пытаются получить аренду на 15 с для одного и того же BLOB-объекта; служба предоставляет ее одному (лидеру) и отказывает другому с кодом 409. Лидер удерживает аренду, продлевая ее. Когда он перестает продлевать (он «умер»), аренда истекает и ее получает другой: новый лидер без всякого координатора.
lab-scenarios-leader-1 = A пытается получить аренду: успех
lab-scenarios-leader-2 = B пытается получить аренду: 409, лидер — A
lab-scenarios-leader-3 = A продлевает аренду (он жив)
lab-scenarios-leader-4 = A перестает продлевать: ожидание 16 с
lab-scenarios-leader-5 = B пытается снова: успех, лидер — B
lab-scenarios-leader-6 = A вернулся, но не может продлить: 409
lab-scenarios-worker-title = Ваш обработчик против второго писателя
lab-scenarios-worker-explains = A играет роль вашего обработчика, его запросы идут через линзу Tessera; B — второй писатель той же сущности. Линза удерживает обновление A (отправленное с ETag, который A прочитал), не пропуская его к учетной записи, B тем временем сохраняет, и после отпускания A получает свой 412: гонка, которую должен пережить ваш код, в выбранный момент и без sleep в вашем коде.
lab-scenarios-worker-1 = A подключается через линзу
lab-scenarios-worker-2 = A читает сущность (через линзу): получает ее ETag
lab-scenarios-worker-3 = A отправляет обновление (If-Match со своим ETag): линза его удерживает
lab-scenarios-worker-4 = B читает сущность (напрямую)
lab-scenarios-worker-5 = B сохраняет со своим ETag: успешно
lab-scenarios-worker-6 = Линза отпускает обновление A: 412, B сохранил раньше
lab-scenarios-worker-7 = Независимая проверка: сохранено то, что записал B
lab-scenarios-storm-title = Шторм повторов при ServerBusy
lab-scenarios-storm-explains = A играет роль вашего приложения с повторами, как в SDK, и ходит через линзу Tessera. Правило отвечает на три следующих Put Blob от A кодом 503 ServerBusy вместо учетной записи; A повторяет, и четвертая попытка проходит. Линза называет каждую попытку и показывает, какие из них повторы первой: так видно, как ведет себя ваша политика повторов, без изменений в вашем коде.
lab-scenarios-storm-1 = A подключается через линзу, с повторами как у приложения
lab-scenarios-storm-2 = Правило: на 3 следующих Put Blob ответ 503 ServerBusy
lab-scenarios-storm-3 = A записывает shared.txt: повторяет, пока запись не пройдет
lab-scenarios-storm-4 = Что увидела линза: 4 попытки одного Put Blob

## Лаборатория конфликтов: что сделал шаг
lab-mod-setup = Подготовка
lab-mod-no-answer = нет ответа
lab-steps-refused = { $says }: отклонено, как и ожидалось ({ $evidence }).
lab-steps-not-refused = { $says }: выполнено успешно, но служба должна была отказать.
lab-steps-failed = { $says }: ошибка: { $why }
lab-steps-made-entity = Создана сущность (Count = 0).
lab-steps-made-shared = Создан shared.txt: ETag { $etag }
lab-steps-made-message = Отправлено одно сообщение: идентификатор { $id }
lab-steps-made-log = Создан BLOB-объект добавления { $blob } (пустой): ETag { $etag }
lab-steps-read-log = { $side } прочитал { $blob }: { $length ->
        [one] { $length } байт
        [few] { $length } байта
       *[other] { $length } байт
    }, ETag { $etag }
lab-steps-appended = { $side } добавил { $body } со смещения { $offset }: в журнале { $length ->
        [one] { $length } байт
        [few] { $length } байта
       *[other] { $length } байт
    }
lab-steps-read-entity = { $side } прочитал: Count = { $count }, ETag { $etag }
lab-steps-saved-entity = { $side } сохранил Count = { $count }: новый ETag { $etag }
lab-steps-read-blob = { $side } прочитал: ETag { $etag }, аренда { $state }
lab-steps-wrote = { $side } записал { $blob }: новый ETag { $etag }
lab-steps-lease-state = { $side } видит состояние аренды { $state }
lab-steps-took = { $side } забрал сообщение (число извлечений { $count })
lab-steps-got-nothing = { $side } ничего не получил
lab-steps-deleted = { $side } удалил сообщение
lab-steps-waited = Ожидание { $seconds } с завершено.
lab-steps-entity-holds = В сущности Count = { $count }, сохранил { $by }
lab-steps-messages-left = Осталось сообщений: { $count }
lab-lens-connected = { $side } ходит через линзу перед учетной записью ({ $endpoint }).
lab-lens-held = Линза удерживает Update Entity от { $side } для { $resource }, не пропуская его к учетной записи.
lab-lens-released = Отпущено: обновление { $side } пошло дальше. ETag { $etag }
lab-lens-busy = Правило отвечает на следующие Put Blob от { $side } (всего { $times }) кодом 503 ServerBusy.
lab-lens-tries = Линза видела { $operation } { $count } раз(а): { $tries }; повторов первой попытки: { $retried }.
lab-lens-step = Шаг сценария с линзой
lab-lens-not-started = Линза не запущена: проиграйте сценарий с первого шага.
lab-lens-never-held = Запись { $side } так и не дошла до линзы (ожидание 20 с).
lab-lens-nothing-held = Ничего не удерживается: линзе нечего отпускать.
lab-steps-holds-lease = { $side } держит аренду: идентификатор аренды { $id }
lab-steps-leads = { $side } — лидер: идентификатор аренды { $id }
lab-steps-renewed = { $side } продлил аренду
lab-steps-released = { $side } освободил аренду
lab-steps-breaking = Прерывание: аренда будет прервана через { $seconds } с

## Окно лаборатории конфликтов
lab-view-window = Лаборатория конфликтов — { $account }
lab-view-lease-states = Состояния аренды во времени
lab-view-scenarios = Готовые сценарии
lab-view-scenarios-hint = Каждый выполняется на новых ресурсах этой учетной записи двумя клиентами, которые никогда не повторяют запросы.
lab-view-set-up = Подготовить: { $scenario }
lab-view-done = готово
lab-view-next = следующий
lab-view-next-step = Следующий шаг
lab-view-play-all = Выполнить все
lab-view-copy = Копировать как тест Python
lab-view-copy-hover = Тест pytest (запускается и как скрипт), выполняющий эти шаги через пакеты SDK Microsoft для Python и проверяющий эти результаты; учетная запись берется из AZURE_STORAGE_CONNECTION_STRING
lab-view-copy-lens-hover = Тест pytest (запускается и как скрипт), в котором сторона вашего приложения идет через линзу: строку подключения линзы он берет из TESSERA_LENS_CONNECTION_STRING, второго писателя — из AZURE_STORAGE_CONNECTION_STRING; нужные линзе правила записаны в скрипте
lab-view-complete = Сценарий завершен.
lab-view-copied = Скопировано: задайте AZURE_STORAGE_CONNECTION_STRING и запустите через pytest или python.
lab-view-as-expected = как ожидалось
lab-view-unexpected = НЕОЖИДАННО
lab-view-client = Клиент { $side }
lab-view-etag-held = Его ETag: { $etag }
lab-view-lease-held = Его идентификатор аренды: { $id }
lab-view-receipt-held = Его квитанция извлечения: { $receipt }
lab-view-timeline = Временная шкала: все запросы A и B по порядку ({ $count })
lab-view-col-number = №
lab-view-col-who = Кто
lab-view-col-operation = Операция
lab-view-col-method = Метод
lab-view-col-sent = Отправлено (If-Match, аренда, квитанция)
lab-view-col-came-back = Ответ
lab-view-free = Свободный режим
lab-view-free-hint = Выберите сущность, BLOB-объект или очередь на ее панели и нажмите «Открыть в лаборатории конфликтов»; затем A и B действуют с ней вручную.
lab-view-acts-on = A и B действуют на { $target }.
lab-view-value-hint = записываемое значение
lab-view-value-name = Значение, которое записывает { $side }
lab-view-copy-run = Копировать этот прогон как тест Python ({ $count ->
        [one] { $count } шаг
        [few] { $count } шага
       *[other] { $count } шагов
    })
lab-view-copy-run-hover = Тест pytest (запускается и как скрипт), выполняющий эти шаги в этом порядке через пакеты SDK Microsoft для Python и проверяющий ответы службы; учетная запись берется из AZURE_STORAGE_CONNECTION_STRING
lab-view-new-run = Начать новый прогон
lab-view-new-run-hover = Забывает сделанные шаги и то, что держат A и B (ETag, аренды, квитанции)

## Свободный режим лаборатории конфликтов
lab-free-read = Прочитать
lab-free-save = Сохранить с моим ETag
lab-free-force-save = Сохранить принудительно (If-Match *)
lab-free-delete = Удалить
lab-free-acquire = Получить аренду на 15 с
lab-free-release = Освободить мою аренду
lab-free-break = Прервать аренду сейчас
lab-free-break-slowly = Прервать с периодом 10 с
lab-free-peek = Просмотреть
lab-free-dequeue = Извлечь (30 с)
lab-free-return = Вернуть сейчас
lab-free-read-entity = прочитано; ETag { $etag }
lab-free-saved = сохранено; новый ETag { $etag }
lab-free-deleted-any = удалено с If-Match * (эта сторона не прочитала ETag)
lab-free-deleted-matched = удалено (его ETag еще совпадал)
lab-free-deleted-plain = удалено без условия (эта сторона не прочитала ETag)
lab-free-read-blob = прочитано; ETag { $etag }, аренда { $state }
lab-free-written = записано; новый ETag { $etag }
lab-free-holds = держит аренду { $id }
lab-free-released = освобождено
lab-free-broken-now = прервано сейчас
lab-free-breaking = прерывание: аренда будет прервана через { $seconds } с (до тех пор владелец еще может записывать)
lab-free-front = первое сообщение { $id } (число извлечений { $count })
lab-free-nothing-visible = видимых сообщений нет
lab-free-took = забрано { $id } (число извлечений { $count }), квитанция { $receipt }
lab-free-got-nothing = ничего не получено: все сообщения невидимы
lab-free-deleted-message = удалено { $id }
lab-free-returned = возвращено { $id }; новая квитанция { $receipt }
lab-free-act = Действие
lab-free-not-here = «{ $action }» здесь неприменимо.
lab-free-acts-on-message = { $side } действует с сообщением
lab-free-no-message = { $side } не держит сообщение: сначала извлеките его.
lab-free-saves = { $side } сохраняет
lab-free-no-etag = У { $side } еще нет ETag: сначала прочитайте или используйте «Сохранить принудительно (If-Match *)», чтобы записать поверх того, что там есть.
context-open-lab-entity = сущность ({ $partition_key }, { $row_key }) таблицы `{ $table }`
context-open-lab-blob = BLOB-объект `{ $blob }` в `{ $container }`
context-open-lab-queue = первое сообщение очереди `{ $queue }`

## Хранимые политики доступа и форма SAS службы (общие для панелей)
widgets-policies-unsaved = хранимые политики доступа `{ $name }`
widgets-policies-read-failed = Не удалось прочитать политики: { $why }
widgets-policies-conflict = Не сохранено: кто-то изменил политики после того, как вы их прочитали. Ваши правки сохранены: «Перечитать и применить заново» переносит ваши изменения на чужие; «Отменить» показывает чужие. { $why }
widgets-policies-save-failed = Политики не сохранены: { $why }
widgets-policies-stale-save = Политики изменились в службе после начала правки: сначала перечитайте их и заново примените свои изменения (или отмените свои).
widgets-policies-title = Хранимые политики доступа ({ $count } из { $max })
widgets-policies-guard-container = Только если никто не изменил их после чтения (If-Unmodified-Since со временем ACL)
widgets-policies-guard-queue = Для политик очереди служба не предлагает условий. Приложение перечитывает их непосредственно перед записью и отказывается, если они отличаются от тех, с которых началась правка; политика, добавленная кем-то между этим чтением и записью, все равно будет удалена, а вместе с ней отозваны все привязанные к ней SAS.
widgets-policies-reading = чтение…
widgets-policies-id = Идентификатор политики { $n }:
widgets-policies-permissions = Разрешения политики { $n }:
widgets-policies-start = Начало политики { $n }:
widgets-policies-expiry = Окончание политики { $n }:
widgets-policies-own = задается в SAS
widgets-policies-remove = Удалить политику { $n }
widgets-policies-sas = URL-адрес SAS с политикой { $id }
widgets-policies-sas-hover = SAS, привязанный к этой политике (si=): дает то, что дает сохраненная политика, пока она не изменится
widgets-policies-add = Добавить политику
widgets-policies-saving = Сохранение…
widgets-policies-save = Сохранить политики
widgets-policies-reload = Перечитать политики
widgets-policies-reload-hover = Читает их снова; несохраненные изменения остаются, а то, что изменилось под ними, будет указано
widgets-policies-changed = Политики изменились в службе после начала правки.
widgets-policies-reapply = Перечитать и применить мои изменения заново
widgets-policies-discard = Отменить мои изменения политик
widgets-policies-letters = Разрешения: { $letters } (в любом порядке).
widgets-policies-save-first = Сначала сохраните политику `{ $id }`: SAS привязывается к политике, которая хранится в службе.
widgets-policies-copied = URL-адрес SAS скопирован в буфер обмена (это секрет: делитесь им осторожно).
widgets-policies-sas-permissions = Разрешения SAS ({ $letters }):
widgets-policies-copy-sas = Копировать URL-адрес SAS
widgets-sas-terms-bad-start = Начало `{ $start }` не является временем UTC, например 2026-12-01T00:00:00Z (или оставьте поле пустым, чтобы начать сейчас).
widgets-sas-terms-start = начало (UTC):
widgets-sas-terms-now = сейчас
widgets-sas-terms-hours = часов:
widgets-sas-terms-ip = IP-адрес или диапазон:
widgets-sas-terms-any = любой
widgets-sas-terms-https-only = Только HTTPS
widgets-sas-terms-copied = Скопировано в буфер обмена (это секрет: делитесь им осторожно).

## Полоса инструмента, шкала аренд, изменение многих элементов
widgets-tool-strip-close = Закрыть: { $tool }
widgets-tool-strip-escape = Esc
widgets-lease-timeline-since = { $name }: { $state } с { $since }
widgets-lease-timeline-not-seen = { $name }: еще не замечен
widgets-lease-timeline-none = Аренд пока не замечено: BLOB-объекты появятся здесь, когда это представление увидит один из них в аренде.
widgets-lease-timeline-axis = Секунды с момента, когда это представление впервые увидело каждый BLOB-объект (на панели — с момента, когда оно увидело его в аренде, и предыдущее состояние); линия — текущий момент.
widgets-lease-timeline-as-text = Состояния аренды в виде текста
widgets-lease-timeline-copy = Копировать состояния аренды
widgets-lease-timeline-at = { $state } в { $at }
widgets-lease-timeline-history = { $now }; история: { $history }
widgets-bulk-change-done = { $done } { $items }: { $count }
widgets-bulk-change-changed = ; пропущено { $count }, так как они { $why }
widgets-bulk-change-gone = ; уже удалено: { $count }
widgets-bulk-change-unchanged = ; { $what }: { $count }
widgets-bulk-change-failed = ; с ошибкой: { $count }
widgets-bulk-change-first = {" "}(первая: { $failure })
widgets-bulk-change-read = , прочитано: { $count }
widgets-bulk-change-item-skipped = пропущено: { $why }
widgets-bulk-change-item-gone = уже удалено
widgets-bulk-change-item-failed = сбой: { $why }
widgets-bulk-change-running = Изменение ({ $items }): { $what }. Пока что: { $counts }.
widgets-bulk-change-cancel = Отменить изменение
widgets-bulk-change-stopped = Остановлено: { $what }. { $counts }. { $why } «Продолжить» продолжит с этого места.
widgets-bulk-change-resume = Продолжить изменение
widgets-bulk-change-dismiss = Скрыть
widgets-bulk-change-cancelled = Отменено: { $what }. { $counts }. «Продолжить» продолжит с этого места.
widgets-bulk-change-done-line = Готово: { $what }. { $counts }.

## Общее для панелей: буфер обмена, сопоставление индекса, удерживаемые аренды, сохраненные запросы
context-clipboard-snapshot = моментальный снимок { $time } объекта { $name } из { $container } ({ $account })
context-clipboard-blobs = { $count ->
        [one] { $count } BLOB-объект
        [few] { $count } BLOB-объекта
       *[other] { $count } BLOB-объектов
    }
context-clipboard-folders = { $count ->
        [one] { $count } папку
        [few] { $count } папки
       *[other] { $count } папок
    }
context-clipboard-and = { $blobs } и { $folders }
context-clipboard-from = { $what } из { $container } ({ $account })
context-index-map-no-keys = Укажите, какое свойство становится PartitionKey индекса, а какое — его RowKey.
context-index-map-same = { $property } не может давать оба ключа: все записи с одним значением столкнулись бы.
context-index-map-own = { $key } — собственное свойство записи, а не копируемое.
context-index-map-copies-nothing = ничего не копирует
context-index-map-copies = копирует { $names }
context-index-map-describe = PartitionKey из { $pk }, RowKey из { $rk }, { $copies }
context-saved-queries-imported = { $name } (импортирован)
context-saved-queries-imported-n = { $name } (импортирован { $n })
context-leases-available = свободен
context-leases-mine-infinite = арендован этим приложением, бессрочно
context-leases-mine-expired = аренда истекла (по часам; обновите, чтобы убедиться)
context-leases-mine-left = арендован этим приложением, истекает через { $seconds } с
context-leases-other-infinite = арендован другим клиентом, бессрочно
context-leases-other-fixed = арендован другим клиентом, на срок (до 60 с)
context-leases-expired = аренда истекла
context-leases-breaking-left = аренда прерывается, будет прервана через { $seconds } с
context-leases-breaking = аренда прерывается
context-leases-broken = аренда прервана
context-clipboard-drop-copy = Копировать { $what } · отпустите Ctrl, чтобы переместить
context-clipboard-drop-move = Переместить { $what } · удерживайте Ctrl, чтобы скопировать

## Размеры и диаграммы
widgets-format-size = { $value } { $unit ->
        [b] Б
        [kib] КиБ
        [mib] МиБ
        [gib] ГиБ
       *[tib] ТиБ
    }
widgets-plot-seconds = с
widgets-plot-now = сейчас
