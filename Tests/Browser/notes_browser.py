#!/usr/bin/env python3
"""`notes serve` in a real browser: Debian's headless Chromium, driven by selenium through Debian's
chromedriver. Run by NotesBrowserTests (Tests/ScanbenchTests) against a server it started on an
ephemeral port over NotesFixture's archive, with one JSON argument:

  {"url": "http://127.0.0.1:PORT/", "artifacts": DIR, "download": {"entry": ..., "path": ...}}

Opens the list, searches 会議 and an English word and sees the highlighted hits, opens a note,
toggles its boxes, follows a QR payload to the notes that have it, downloads an original and
compares its SHA-256 with the file's and the one the page shows; after every page the browser's
console must hold no error. A screenshot of each page is kept in DIR. Exits 0 when all held, 1 with
the failures listed otherwise.
"""
import hashlib
import json
import os
import sys
import time

from selenium import webdriver
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
    wait = WebDriverWait(driver, 20)

    def page(name):
        """Waits for the page's script, keeps a screenshot, and checks the console."""
        wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "yes")
        driver.save_screenshot(os.path.join(artifacts, f"{name}.png"))
        errors = [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "ERROR")]
        check(not errors, f"{name}: console errors: {errors}")

    def search(query):
        box = driver.find_element(By.ID, "q")
        box.clear()
        box.send_keys(query + Keys.ENTER)
        wait.until(ready.presence_of_element_located((By.CSS_SELECTOR, "h1 q.query")))

    try:
        # The list, newest first, every thumbnail loaded.
        driver.get(url)
        page("list")
        rows = driver.find_elements(By.CSS_SELECTOR, "ol.notes li.note")
        check(len(rows) == settings["notes"], f"list: {len(rows)} notes, expected {settings['notes']}")
        wait.until(lambda d: all(image.get_attribute("complete") == "true" and
                                 int(image.get_attribute("naturalWidth")) > 0
                                 for image in d.find_elements(By.CSS_SELECTOR, "li.note .thumb img")))

        # Japanese: the match highlighted; the query in the URL.
        search("会議")
        page("search-japanese")
        marks = [mark.text for mark in driver.find_elements(By.CSS_SELECTOR, "li.note mark")]
        check("会議" in marks, f"会議: highlighted {marks}")
        check("q=%E4%BC%9A%E8%AD%B0" in driver.current_url, f"会議: not in the URL {driver.current_url}")

        # English: case-insensitive, highlighted.
        search("harbor")
        page("search-english")
        marks = [mark.text for mark in driver.find_elements(By.CSS_SELECTOR, "li.note mark")]
        check("Harbor" in marks, f"harbor: highlighted {marks}")

        # Open the hit: its page, the boxes over its image, the toggles.
        driver.find_element(By.CSS_SELECTOR, "li.note a.name").click()
        wait.until(ready.presence_of_element_located((By.ID, "figure")))
        page("note")
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

        # A QR code: its payload listed, its box drawn; following the payload finds its note.
        search("tickets")
        driver.find_element(By.CSS_SELECTOR, "li.note a.name").click()
        payload = wait.until(ready.presence_of_element_located((By.CSS_SELECTOR, "#codes a.payload")))
        page("qr-note")
        check(payload.text == settings["qr"], f"qr: payload {payload.text!r}")
        check(driver.find_element(By.CSS_SELECTOR, "#figure rect.code").is_displayed(), "qr: its box is drawn")
        qr_url = driver.current_url
        payload.click()
        wait.until(ready.presence_of_element_located((By.CSS_SELECTOR, "li.note.in-code")))
        page("qr-search")
        entry = driver.find_element(By.CSS_SELECTOR, "li.note.in-code a.name")
        check(entry.text == "codes/ticket.png", f"qr: the payload's entry {entry.text!r}")
        entry.click()
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
