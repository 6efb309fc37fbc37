"""A live chain-server on port 0 and headless Chromium driven through chromedriver.

Used by web_client_test.py. Only the standard library and selenium (PyPI).
"""

import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
ARTIFACTS = os.path.join(ROOT, ".build", "browser-artifacts")


class Server:
    """chain-server on a free port with its own data directory and config."""

    def __init__(self, binary, demo_images=600, demo_pictures=False, auth_mode=None):
        self.binary = binary
        self.directory = tempfile.mkdtemp(prefix="chain-browser-")
        config = os.path.join(self.directory, "config")
        self.config = config
        os.mkdir(config)
        shutil.copy(os.path.join(ROOT, "config", "menus.json"), config)
        with open(os.path.join(ROOT, "config", "server.json")) as file:
            settings = json.load(file)
        settings["catalog"]["demoImages"] = demo_images
        if "demoPictures" in settings["catalog"]:  # real picture files, made at first start
            settings["catalog"]["demoPictures"] = demo_pictures
        settings["log"] = {"level": "warning"}
        if auth_mode:
            settings["auth"] = {"mode": auth_mode}
        with open(os.path.join(config, "server.json"), "w") as file:
            json.dump(settings, file)
        self.log_path = os.path.join(self.directory, "server.log")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [binary, "--config", config, "--data-dir", os.path.join(self.directory, "data"), "--port", "0"],
            stdout=subprocess.PIPE, stderr=self.log, text=True,
        )
        self.url = None
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            if line.startswith("listening on "):
                self.url = line.split()[-1].rstrip("/")
                break
        if self.url is None:
            self.stop()
            raise RuntimeError(f"chain-server did not start; see {self.log_path}")
        # Keep draining stdout so the server never blocks on a full pipe.
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self):
        for line in self.process.stdout:
            self.log.write(line)

    def request(self, method, path, body=None, token=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request, timeout=10) as response:
            text = response.read().decode()
            return json.loads(text) if text else None

    def add_key(self, name, role):
        """`chain-server keys add NAME --role ROLE` on this server's catalog: the key, its output's last line."""
        output = subprocess.run(
            [self.binary, "keys", "add", name, "--role", role, "--config", self.config,
             "--data-dir", os.path.join(self.directory, "data")],
            check=True, capture_output=True, text=True, timeout=60,
        ).stdout
        return output.strip().splitlines()[-1]

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.log.close()
        shutil.rmtree(self.directory, ignore_errors=True)


def chromium(width=1280, height=860):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in [
        "--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
        f"--window-size={width},{height}", "--disable-extensions", "--no-first-run",
    ]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(service=service, options=options)


def save_screenshot(driver, name):
    os.makedirs(ARTIFACTS, exist_ok=True)
    path = os.path.join(ARTIFACTS, f"{name}.png")
    try:
        driver.save_screenshot(path)
        with open(os.path.join(ARTIFACTS, f"{name}.console.txt"), "w") as file:
            for entry in driver.get_log("browser"):
                file.write(f"{entry}\n")
    except Exception as error:  # the browser itself may be what failed
        return f"(no screenshot: {error})"
    return path
