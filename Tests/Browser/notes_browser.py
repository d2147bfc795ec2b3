#!/usr/bin/env python3
"""`notes serve` in a real browser: Debian's headless Chromium, driven by selenium through Debian's
chromedriver. Run by NotesBrowserTests (Tests/ScanbenchTests) against a server it started on an
ephemeral port over NotesFixture's archive, with one JSON argument:

  {"url": "http://127.0.0.1:PORT/", "artifacts": DIR, "download": {"entry": ..., "path": ...}}

Over a store of two profiles (each photo read twice): the grid lists each photo once, by month
taken; typing a prefix shows hits without Enter; a word only the second profile read finds every
photo once; 会議 and an English word highlighted; Back and Forward; a note's page lists both
readings, its boxes toggle; the keyboard (/, arrows, Esc) on the grid and on a note; the scrubber
jumps to 2019; the date range applies as it changes and Back undoes it; dark mode (the
colour-scheme preference emulated); a 390 px phone; a QR payload followed; an original downloaded
and its SHA-256 compared with the file's and the page's. After every page the browser's console
must hold no error. A screenshot of each page is kept in DIR. Exits 0 when all held, 1 with the
failures listed otherwise.
"""
import hashlib
import json
import os
import re
import sys
import time

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as ready
from selenium.webdriver.support.ui import WebDriverWait

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print(f"FAIL: {message}", flush=True)
    return condition


def sha256(path):
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


def main():
    settings = json.loads(sys.argv[1])
    url = settings["url"]
    artifacts = settings["artifacts"]
    downloads = os.path.join(artifacts, "downloads")
    os.makedirs(downloads, exist_ok=True)

    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1000",
                     "--disable-extensions", "--no-first-run", "--lang=en-US"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    options.add_experimental_option("prefs", {"download.default_directory": downloads,
                                              "download.prompt_for_download": False})
    # Debian's chromedriver, given by path: selenium never looks for (or downloads) one.
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
    # The script replaces the grid in place: an element found just before may be gone; look again.
    wait = WebDriverWait(driver, 20, ignored_exceptions=(StaleElementReferenceException,))

    def page(name):
        """Waits for the page's script, keeps a screenshot, and checks the console."""
        wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "yes")
        driver.save_screenshot(os.path.join(artifacts, f"{name}.png"))
        errors = [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "ERROR")]
        check(not errors, f"{name}: console errors: {errors}")

    def settled():
        """Waits until the script has shown what the last change asked for (in place, no reload)."""
        time.sleep(0.05)
        wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-loading") != "yes")

    def tiles():
        return driver.find_elements(By.CSS_SELECTOR, "#results li.photo")

    def months():
        return [section.get_attribute("data-month")
                for section in driver.find_elements(By.CSS_SELECTOR, "#results section.month")]

    def search(query):
        """Types the query as a user would, without Enter: the hits come as it is typed."""
        box = driver.find_element(By.ID, "q")
        box.clear()
        box.send_keys(query)
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "h1 q.query")
                   and d.find_element(By.CSS_SELECTOR, "h1 q.query").text == query)
        settled()

    def set_field(field_id, value):
        """Sets a field as a user's pick would (a date picker is not typed into the same way everywhere)."""
        driver.execute_script(
            "const f = document.getElementById(arguments[0]); f.value = arguments[1];"
            "f.dispatchEvent(new Event('change', {bubbles: true}));", field_id, value)

    def background_luminance():
        colour = driver.execute_script("return getComputedStyle(document.documentElement).backgroundColor")
        red, green, blue = [float(part) for part in re.findall(r"[\d.]+", colour)[:3]]
        return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255

    photos = settings["notes"]
    try:
        # The grid: a store of two profiles over the same photos, each photo once, by month taken
        # (the photo with its EXIF date in July 2019, the others in the month they were imported).
        driver.get(url)
        page("list")
        check(len(tiles()) == photos, f"list: {len(tiles())} photos, expected {photos} (two readings each)")
        ids = [tile.get_attribute("data-id") for tile in tiles()]
        check(len(set(ids)) == len(ids), f"list: a photo twice {ids}")
        check(driver.find_element(By.ID, "count").text == f"{photos} photos",
              f"list: count {driver.find_element(By.ID, 'count').text!r}")
        shown = months()
        check(len(shown) == 2 and shown[-1] == "2019-07" and shown[0] > shown[-1],
              f"list: months newest first {shown}")
        heading = driver.find_element(By.CSS_SELECTOR, "section.month[data-month='2019-07'] h2 time")
        check(heading.text == "July 2019", f"list: the month's heading in the locale {heading.text!r}")
        recognized = driver.find_element(By.CSS_SELECTOR, "li.photo .meta time")
        check(recognized.get_attribute("title") == recognized.get_attribute("datetime") and
              "T" not in recognized.text, f"list: a humane date, exact on hover: {recognized.text!r}")
        wait.until(lambda d: all(image.get_attribute("complete") == "true" and
                                 int(image.get_attribute("naturalWidth")) > 0
                                 for image in d.find_elements(By.CSS_SELECTOR, "li.photo img")))
        page("grid")

        # Instant search: a prefix, no Enter, and the hits are there; the query in the URL.
        box = driver.find_element(By.ID, "q")
        box.send_keys("harb")
        wait.until(lambda d: "q=harb" in d.current_url)
        settled()
        marks = [mark.text for mark in driver.find_elements(By.CSS_SELECTOR, "li.photo mark")]
        check("Harbor" in marks, f"harb (typed, no Enter): highlighted {marks}")
        check(len(tiles()) == 1, f"harb: {len(tiles())} photos, expected 1 (two readings match)")
        page("instant-search")

        # A word only the second profile read: every photo found once, through that reading.
        search(settings["fast_word"])
        page("search-second-profile")
        check(len(tiles()) == photos, f"{settings['fast_word']}: {len(tiles())} photos, expected {photos}")
        check(driver.find_element(By.ID, "count").text == f"{photos} photos",
              f"{settings['fast_word']}: count {driver.find_element(By.ID, 'count').text!r}")

        # Japanese: the match highlighted; the query in the URL.
        search("会議")
        page("search-japanese")
        marks = [mark.text for mark in driver.find_elements(By.CSS_SELECTOR, "li.photo mark")]
        check("会議" in marks, f"会議: highlighted {marks}")
        check("q=%E4%BC%9A%E8%AD%B0" in driver.current_url, f"会議: not in the URL {driver.current_url}")

        # English: case-insensitive, highlighted.
        search("harbor")
        page("search-english")
        marks = [mark.text for mark in driver.find_elements(By.CSS_SELECTOR, "li.photo mark")]
        check("Harbor" in marks, f"harbor: highlighted {marks}")

        # Back: the search before, its field and its hits.
        driver.back()
        wait.until(lambda d: "q=%E4%BC%9A%E8%AD%B0" in d.current_url)
        settled()
        check(driver.find_element(By.ID, "q").get_attribute("value") == "会議",
              f"back: the field {driver.find_element(By.ID, 'q').get_attribute('value')!r}")
        check(driver.find_element(By.CSS_SELECTOR, "h1 q.query").text == "会議", "back: the hits of 会議")
        driver.forward()
        wait.until(lambda d: "q=harbor" in d.current_url)
        settled()

        # Open the hit: its page shows both readings, the boxes over its image, the toggles.
        driver.find_element(By.CSS_SELECTOR, "li.photo a").click()
        wait.until(ready.presence_of_element_located((By.ID, "figure")))
        page("note")
        readings = driver.find_elements(By.CSS_SELECTOR, "#readings tbody tr")
        profiles = sorted(row.find_elements(By.TAG_NAME, "td")[0].text for row in readings)
        check(profiles == ["accurate", "fast"], f"note: readings {profiles}")
        current = driver.find_element(By.CSS_SELECTOR, "#readings tr.current").text
        check("best" in current and "accurate" in current, f"note: the reading shown {current!r}")
        words = driver.find_elements(By.CSS_SELECTOR, "#figure rect.word")
        check(len(words) > 0 and all(word.is_displayed() for word in words), "note: word boxes shown")
        driver.find_element(By.ID, "show-words").click()
        check(not any(word.is_displayed() for word in words), "note: words toggled off")
        check(all(line.is_displayed() for line in driver.find_elements(By.CSS_SELECTOR, "#figure rect.line")),
              "note: lines stay while the words are off")
        driver.save_screenshot(os.path.join(artifacts, "note-without-words.png"))
        driver.find_element(By.ID, "show-words").click()
        check(all(word.is_displayed() for word in words), "note: words toggled on again")
        text = driver.find_element(By.ID, "note-text").text
        check("Harbor" in text, f"note: its text {text!r}")
        taken = driver.find_element(By.XPATH, "//table[@id='details']//th[text()='taken']/../td/time")
        check("2019" in taken.text and "12:34" in taken.text and taken.get_attribute("title").startswith("2019-07-14T12:34"),
              f"note: taken on the camera's clock, exact on hover: {taken.text!r} {taken.get_attribute('title')!r}")
        # The other reading: the same photo, its text.
        driver.find_element(By.CSS_SELECTOR, "#readings tbody tr:not(.current) a").click()
        wait.until(lambda d: settings["fast_word"] in d.find_element(By.ID, "note-text").text)
        page("note-other-reading")
        driver.back()
        wait.until(ready.presence_of_element_located((By.ID, "figure")))

        # The keyboard on a note: ← the newer photo (this one is the oldest), → back to it, Esc to
        # the grid it came from.
        note_url = driver.current_url
        check(not driver.find_elements(By.ID, "older"), "note: the photo of 2019 is the oldest")
        if check(driver.find_elements(By.ID, "newer"), "note: a newer photo"):
            driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
            wait.until(lambda d: d.current_url != note_url)
            page("note-newer")
            driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
            wait.until(lambda d: d.current_url == note_url)
            page("note-older-again")
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
        wait.until(lambda d: "q=harbor" in d.current_url and "/notes/" not in d.current_url)
        page("escape-to-list")

        # The keyboard on the grid: / to the search box, Esc out of it, arrows between photos.
        driver.get(url)
        page("keyboard-list")
        driver.find_element(By.TAG_NAME, "body").send_keys("/")
        check(driver.switch_to.active_element.get_attribute("id") == "q", "keyboard: / focuses the search")
        driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        check(driver.switch_to.active_element.get_attribute("id") != "q", "keyboard: Esc leaves the search")
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
        first = driver.switch_to.active_element.find_element(By.XPATH, "..").get_attribute("data-id")
        driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        second = driver.switch_to.active_element.find_element(By.XPATH, "..").get_attribute("data-id")
        check(first == ids[0] and second == ids[1], f"keyboard: arrows {first}, {second}; grid {ids[:2]}")
        driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
        back_to = driver.switch_to.active_element.find_element(By.XPATH, "..").get_attribute("data-id")
        check(back_to == ids[0], f"keyboard: ← back to {back_to}")
        driver.save_screenshot(os.path.join(artifacts, "keyboard-focus.png"))
        driver.switch_to.active_element.send_keys(Keys.ENTER)
        wait.until(lambda d: d.current_url.endswith(f"/notes/{ids[0]}"))
        page("keyboard-open")

        # The scrubber: jump to 2019, the grid starts at July 2019.
        driver.get(url)
        page("scrubber-before")
        driver.find_element(By.CSS_SELECTOR, "#scrubber a.year[data-year='2019']").click()
        wait.until(lambda d: "after=t2020" in d.current_url)
        settled()
        check(months() == ["2019-07"], f"scrubber: months after the jump {months()}")
        entries = [name.text for name in driver.find_elements(By.CSS_SELECTOR, "li.photo .name")]
        check(entries == ["photos/IMG_0042.jpg"], f"scrubber: photos of 2019 {entries}")
        check(driver.find_elements(By.ID, "newer"), "scrubber: a link to the newer photos")
        page("scrubber-2019")

        # The date range: applied as it changes, kept in the URL; Back undoes it.
        driver.get(url)
        page("range-before")
        set_field("from", "2019-07-01")
        wait.until(lambda d: "from=2019-07-01" in d.current_url)
        settled()
        set_field("to", "2019-07-31")
        wait.until(lambda d: "to=2019-07-31" in d.current_url)
        settled()
        entries = [name.text for name in driver.find_elements(By.CSS_SELECTOR, "li.photo .name")]
        check(entries == ["photos/IMG_0042.jpg"], f"range: July 2019 {entries}")
        check(driver.find_element(By.ID, "count").text == "1 photo", "range: its count")
        page("date-range")
        driver.back()
        wait.until(lambda d: "to=" not in d.current_url and "from=2019-07-01" in d.current_url)
        settled()
        check(driver.find_element(By.ID, "to").get_attribute("value") == "", "range: Back clears 'to'")
        set_field("from", "2019-08-01")
        wait.until(lambda d: "from=2019-08-01" in d.current_url)
        settled()
        check(len(tiles()) == photos - 1, f"range: from August 2019, {len(tiles())} photos")

        # Dark mode: the colour-scheme preference, emulated.
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        driver.get(url)
        page("dark-list")
        check(background_luminance() < 0.2, f"dark: the page's background {background_luminance():.2f}")
        driver.get(url + "notes/" + ids[0])
        page("dark-note")
        check(background_luminance() < 0.2, "dark: the note's background")
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
        driver.get(url)
        check(background_luminance() > 0.8, f"light: the page's background {background_luminance():.2f}")

        # A phone, 390 CSS pixels wide: the grid in the first screen, the filters folded.
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        driver.get(url)
        page("mobile-list")
        check(driver.find_element(By.ID, "filters").get_attribute("open") is None, "390 px: filters folded")
        first_tile = tiles()[0].rect
        check(first_tile["y"] + first_tile["height"] / 2 < 844, f"390 px: the first photo at {first_tile}")
        columns = len({round(tile.rect["x"]) for tile in tiles()})
        check(columns == 2, f"390 px: {columns} columns")
        width = driver.execute_script("return document.documentElement.scrollWidth")
        check(width <= 390, f"390 px: the page is {width} px wide")
        driver.get(url + "notes/" + ids[0])
        page("mobile-note")
        width = driver.execute_script("return document.documentElement.scrollWidth")
        check(width <= 390, f"390 px: the note's page is {width} px wide")
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        driver.get(url)
        page("mobile-dark-list")
        check(background_luminance() < 0.2, "dark at 390 px: the page's background")
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

        # A QR code: its payload listed, its box drawn; following the payload finds its note.
        driver.get(url)
        search("tickets")
        driver.find_element(By.CSS_SELECTOR, "li.photo a").click()
        payload = wait.until(ready.presence_of_element_located((By.CSS_SELECTOR, "#codes a.payload")))
        page("qr-note")
        check(payload.text == settings["qr"], f"qr: payload {payload.text!r}")
        check(driver.find_element(By.CSS_SELECTOR, "#figure rect.code").is_displayed(), "qr: its box is drawn")
        qr_url = driver.current_url
        payload.click()
        wait.until(ready.presence_of_element_located((By.CSS_SELECTOR, "li.photo.in-code")))
        page("qr-search")
        entry = driver.find_element(By.CSS_SELECTOR, "li.photo.in-code .name")
        check(entry.text == "codes/ticket.png", f"qr: the payload's entry {entry.text!r}")
        driver.find_element(By.CSS_SELECTOR, "li.photo.in-code a").click()
        wait.until(ready.url_to_be(qr_url))

        # Download the original: the bytes that were recognized.
        download = settings["download"]
        driver.get(url + "notes/" + str(download["id"]))
        page("download-note")
        shown = driver.find_element(By.CSS_SELECTOR, ".sha256 code").text
        driver.find_element(By.ID, "download").click()
        target = os.path.join(downloads, os.path.basename(download["entry"]))
        deadline = time.time() + 20
        while time.time() < deadline and not (os.path.exists(target) and not os.path.exists(target + ".crdownload")):
            time.sleep(0.1)
        if check(os.path.exists(target), f"download: no {target}"):
            got = sha256(target)
            check(got == sha256(download["path"]), f"download: SHA-256 {got} is not the file's")
            check(got == shown, f"download: SHA-256 {got} is not the one the page shows ({shown})")
    finally:
        driver.quit()

    if failures:
        print(f"{len(failures)} failed", flush=True)
        return 1
    print(f"browser checks passed; screenshots in {artifacts}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
