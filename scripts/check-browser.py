#!/usr/bin/env python3
"""The /missing, /coverage and /usage pages in headless Chromium, over the DevTools protocol.

Starts the real server on a free loopback port with a copy of Strings/ plus a Russian
stringsdict lacking `few`/`many` (so a plural miss shows), records hostile keys, then
asserts on the live DOM: keys are text (no element, no script ran, no dialog opened),
the CSP-hashed style applied, filters and links work, the page fits a phone, and
axe-core (4.x, from PyPI) reports no violations. Keeps screenshots in docs/.
Also times the page with a full 10,000-entry report.

usage: check-browser.py LABEL_SERVER_BINARY AXE_MIN_JS
"""
import asyncio, base64, json, os, shutil, signal, socket, subprocess, sys, tempfile, time, urllib.parse, urllib.request

import websockets

BIN, AXE = sys.argv[1], sys.argv[2]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from lib import Server  # noqa: E402  (scripts/lib.py: start, wait for `listening`, stop by PID)
HOSTILE = [
    "<img src=x onerror=window.__xss=1>",
    '"><script>window.__xss=2</script>',
    "javascript:window.__xss=3",
    "]]><evil/>",
    "invoice\u202Egnp.exe",
    "<a href=javascript:window.__xss=4>click</a>",
]
failures = []
# The rows of the entries table (the coverage summary is a table too).
ROWS = "[...document.getElementById('entries-caption').closest('table').tBodies[0].rows]"


def check(condition, message):
    print(("ok    " if condition else "FAIL  ") + message)
    if not condition:
        failures.append(message)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http(url, data=None, headers=None):
    request = urllib.request.Request(url, data=data, headers=headers or {})
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.status, dict(response.headers), response.read()


def start_server(strings, state):
    # The full-report figure posts 10,000 entries: lift the client-reported quota (a tenth by default).
    server = Server([BIN, "serve", "--port", "0", "--strings", strings, "--state-dir", state,
                     "--access-log", "off", "--missing-max-reported", "10000"]).start()
    return server, server.base


class Page:
    """One Chromium tab over CDP: navigate, evaluate, screenshot."""

    def __init__(self, ws):
        self.ws, self.next_id, self.events = ws, 0, []

    async def call(self, method, **params):
        self.next_id += 1
        ident = self.next_id
        await self.ws.send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            message = json.loads(await asyncio.wait_for(self.ws.recv(), 60))
            if message.get("id") == ident:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)
            if message.get("method") == "Page.javascriptDialogOpening":
                await self.ws.send(json.dumps({"id": 0, "method": "Page.handleJavaScriptDialog", "params": {"accept": True}}))

    async def go(self, url):
        self.events.clear()
        await self.call("Page.navigate", url=url)
        for _ in range(600):
            if await self.js("document.readyState") == "complete":
                return
            await asyncio.sleep(0.05)
        raise RuntimeError(f"{url} did not load")

    # What Chromium answers while a form submission replaces the document: the
    # evaluation raced the navigation, so ask again in the new document.
    NAVIGATING = ("navigated or closed", "Cannot find context", "context was destroyed")

    async def js(self, expression, awaitPromise=False):
        for attempt in range(100):
            try:
                result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True,
                                         awaitPromise=awaitPromise)
            except RuntimeError as error:
                if attempt < 99 and any(text in str(error) for text in self.NAVIGATING):
                    await asyncio.sleep(0.05)
                    continue
                raise
            if "exceptionDetails" in result and attempt < 99 and \
                    any(text in json.dumps(result["exceptionDetails"]) for text in self.NAVIGATING):
                await asyncio.sleep(0.05)
                continue
            break
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression[:80]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    async def screenshot(self, path, full=True):
        data = await self.call("Page.captureScreenshot", format="png", captureBeyondViewport=full)
        with open(path, "wb") as f:
            f.write(base64.b64decode(data["data"]))


async def browse(base, chrome_port):
    for _ in range(200):
        try:
            targets = json.loads(http(f"http://127.0.0.1:{chrome_port}/json/list")[2])
            page_target = next(t for t in targets if t["type"] == "page")
            break
        except Exception:
            await asyncio.sleep(0.1)
    else:
        sys.exit("chromium's DevTools endpoint did not come up")
    async with websockets.connect(page_target["webSocketDebuggerUrl"], max_size=None) as ws:
        page = Page(ws)
        for domain in ("Page", "Runtime", "Log"):
            await page.call(f"{domain}.enable")
        await page.call("Emulation.setDeviceMetricsOverride", width=1280, height=900, deviceScaleFactor=1, mobile=False)

        await page.go(f"{base}/missing")
        check(await page.js("document.documentElement.lang") == "en", "the page declares lang=en")
        keys = await page.js(ROWS + ".map(r => r.querySelector('th code').textContent)")
        for key in HOSTILE[:4] + [HOSTILE[5]]:
            check(key in keys, f"hostile key listed as text: {key}")
        check("invoice⟨U+202E⟩gnp.exe" in keys, "the RTL override is shown as ⟨U+202E⟩, not obeyed")
        check(await page.js("document.querySelectorAll('img, script, evil, iframe, main a[href^=javascript]').length") == 0,
              "no hostile key became an element (img, script, evil, javascript: link)")
        check(await page.js("window.__xss === undefined"), "no hostile script ran")
        check(not any(e.get("method") == "Page.javascriptDialogOpening" for e in page.events), "no dialog opened")
        check(await page.js("getComputedStyle(document.body).maxWidth") == "1280px",
              "the inline style applied: its CSP hash matches")
        check(await page.js("document.querySelectorAll('table th[scope=col]').length") >= 9, "column headers have scope=col")
        labels = await page.js("[...document.querySelectorAll('select, input:not([type=hidden])')].every(c => c.labels && c.labels.length === 1)")
        check(labels, "every form control has a label")
        sources = await page.js(ROWS + ".map(r => [r.querySelector('th').textContent, r.querySelector('td.source').textContent])")
        check(["coins.count", "%d coins"] in sources, "the plural miss shows the development-language form beside the key")
        plural = await page.js(ROWS + ".some(r => r.textContent.includes('coins · many'))")
        check(plural, "the plural miss shows its variable and category (coins · many)")
        order = await page.js("[...document.querySelectorAll('main h2')].map(h => h.id)")
        check(order and order[0] == "entries-heading" and order[-1] == "coverage-heading",
              f"the page leads with the missing strings, coverage last ({order})")
        check(await page.js("document.getElementById('coverage').tagName === 'DETAILS' && !document.getElementById('coverage').open"),
              "coverage is a collapsed <details>")
        backlog = await page.js("[...document.querySelectorAll('a[download]')].map(a => a.href).find(h => h.includes('lang=ru') && h.includes('include=untranslated') && h.includes('format=xliff'))")
        check(bool(backlog), "the page offers ru's whole backlog as XLIFF")
        if backlog:
            status, headers, body = http(backlog)
            check(headers.get("Content-Disposition") == 'attachment; filename="missing-ru.xliff"' and b"untranslated" in body,
                  f"the backlog download is named per language ({headers.get('Content-Disposition')})")
        await page.screenshot(os.path.join(ROOT, "docs", "missing-page.png")) if os.environ.get("SCREENSHOTS", "1") == "1" else None

        # The filter form: choose ru, submit, the URL keeps it and every row is ru.
        await page.js("document.getElementById('filter-lang').value = 'ru'; document.querySelector('form[role=search]').submit()")
        for _ in range(100):
            if "lang=ru" in (await page.js("location.search")) and await page.js("document.readyState") == "complete":
                break
            await asyncio.sleep(0.05)
        query = urllib.parse.parse_qs((await page.js("location.search")).lstrip("?"))
        check(query.get("lang") == ["ru"] and query.get("format") == ["html"], f"the filter is in the URL ({query})")
        requested = await page.js(ROWS + ".map(r => r.children[3].textContent)")
        check(requested and all(r == "ru" for r in requested), f"filtered rows are all ru ({len(requested)})")
        links = await page.js("Object.fromEntries([...document.querySelectorAll('a[download]')].map(a => [a.textContent, a.href]))")
        xliff = next((v for k, v in links.items() if k.startswith("XLIFF")), "")
        check("lang=ru" in xliff and "format=xliff" in xliff, f"the XLIFF link keeps the filter ({xliff})")
        status, headers, body = http(xliff)
        check(headers.get("Content-Type", "").startswith("application/xliff+xml") and b'target-language="ru"' in body,
              "the XLIFF link downloads XLIFF for ru")
        with tempfile.NamedTemporaryFile(suffix=".xliff") as f:
            f.write(body)
            f.flush()
            lint = subprocess.run(["xmllint", "--noout", "--nonet", "--schema",
                                   os.path.join(ROOT, "Tests/Schemas/xliff-core-1.2-strict.xsd"), f.name],
                                  capture_output=True, text=True)
        check(lint.returncode == 0, "the downloaded XLIFF validates against the OASIS 1.2 schema " + lint.stderr.strip()[-200:])
        csv = next((v for k, v in links.items() if k.startswith("CSV")), "")
        check("lang=ru" in csv and http(csv)[1].get("Content-Type", "").startswith("text/csv"), "the CSV link keeps the filter")

        # Search box.
        await page.go(f"{base}/missing?format=html&q=evil")
        keys = await page.js(ROWS + ".map(r => r.querySelector('th').textContent)")
        check(keys == ["]]><evil/>"], f"search finds the key by substring ({keys})")

        # axe-core on each page (desktop).
        with open(AXE) as f:
            axe_source = f.read()
        for path in ("/missing", "/coverage", "/usage", "/usage?unused=true&format=html"):
            await page.go(base + path)
            await page.js(axe_source)
            result = await page.js("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(v => v.id + ': ' + v.nodes.length))",
                                   awaitPromise=True)
            check(result == [], f"axe-core: no violations on {path} {result}")
        version = await page.js("axe.version")
        print(f"      (axe-core {version})")

        # A phone: no horizontal scrolling of the page itself (the table scrolls in its region).
        await page.call("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=2, mobile=True)
        await page.go(f"{base}/missing")
        fits = await page.js("document.documentElement.scrollWidth <= window.innerWidth + 1")
        check(fits, f"fits a 390 px phone ({await page.js('document.documentElement.scrollWidth')} px wide)")
        check(await page.js("document.querySelector('meta[name=viewport]') !== null"), "viewport meta present")
        await page.screenshot(os.path.join(ROOT, "docs", "missing-page-phone.png"), full=False) if os.environ.get("SCREENSHOTS", "1") == "1" else None
        await page.go(f"{base}/coverage")


def main():
    work = tempfile.mkdtemp(prefix="check-browser-")
    chrome = server = None
    try:
        strings = os.path.join(work, "Strings")
        shutil.copytree(os.path.join(ROOT, "Strings"), strings)
        # ru with only one/other for coins.count: a count of 5 selects `many`, which it lacks.
        os.makedirs(os.path.join(strings, "app", "ru.lproj"))
        with open(os.path.join(strings, "app", "ru.lproj", "Localizable.stringsdict"), "w") as f:
            f.write("""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict><key>coins.count</key><dict>
<key>NSStringLocalizedFormatKey</key><string>%#@coins@</string>
<key>coins</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
<key>NSStringFormatValueTypeKey</key><string>d</string>
<key>one</key><string>%d монета</string><key>other</key><string>%d монеты</string></dict>
</dict></dict></plist>""")
        server, base = start_server(strings, os.path.join(work, "state"))
        for i, key in enumerate(HOSTILE):
            for _ in range(len(HOSTILE) - i):
                http(f"{base}/labels/{urllib.parse.quote(key, safe='')}?lang={'ru' if i % 2 else 'de'}")
        for lang, key, hits in (("ru", "activity.raetsel.label", 12), ("fr", "activity.raetsel.label", 7), ("pl", "navigation.help.hint", 5),
                                ("ru", "activity.zahlen.hint", 3), ("fr", "loading.bennie.label", 2),
                                ("ar", "coins.count?count=3", 4), ("ru", "coins.count?count=5", 9)):
            path, _, extra = key.partition("?")
            for _ in range(hits):
                http(f"{base}/labels/{path}?lang={lang}{'&' + extra if extra else ''}")
        for _ in range(20):
            http(f"{base}/labels/coins.count?lang=de&count=2")
        chrome_port = free_port()
        profile = os.path.join(work, "profile")
        chrome = subprocess.Popen(["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                   "--disable-dev-shm-usage", f"--user-data-dir={profile}",
                                   f"--remote-debugging-port={chrome_port}", "--remote-allow-origins=*", "about:blank"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        asyncio.run(browse(base, chrome_port))

        # Render time with a full report: 10,000 entries through POST /missing (1,000 per body).
        for batch in range(10):
            items = [{"key": f"bulk.{batch}.{i}.label", "lang": "ru"} for i in range(1000)]
            http(f"{base}/missing", json.dumps(items).encode(), {"Content-Type": "application/json"})
        total = json.loads(http(f"{base}/missing?format=json")[2])["total"]
        for label, path in (("first page (200 rows)", "/missing?format=html"),
                            ("1,000 rows", "/missing?format=html&limit=1000"),
                            ("search over all", "/missing?format=html&q=bulk.9.99"),
                            ("XLIFF of all", "/missing?format=xliff")):
            times = []
            for _ in range(5):
                started = time.perf_counter()
                size = len(http(base + path)[2])
                times.append((time.perf_counter() - started) * 1000)
            times.sort()
            print(f"      {total} entries, {label}: median {times[2]:.1f} ms, {size} bytes")
    finally:
        if server:
            server.stop(timeout=10)
        for proc in (chrome,):
            if proc and proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
        shutil.rmtree(work, ignore_errors=True)
    print(f"\n{'browser checks passed' if not failures else f'{len(failures)} browser checks FAILED'}")
    sys.exit(1 if failures else 0)


main()
