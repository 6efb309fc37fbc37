"""The web client in real headless Chromium against a live chain-server.

    python3 Tests/Browser/web_client_test.py --binary .build/debug/chain-server

Each step saves a screenshot and the browser console under .build/browser-artifacts/ when
it fails. Figures (first paint, live latency, tiles in the DOM) are printed, not asserted
against their targets: the machine is shared and noisy.
"""

import argparse
import os
import sys
import time
import unittest

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.dirname(__file__))
import harness  # noqa: E402

BINARY = os.path.join(harness.ROOT, ".build", "debug", "chain-server")
FIGURES = []


def figure(name, value):
    FIGURES.append((name, value))
    print(f"  figure: {name}: {value}", flush=True)


def wait_until(condition, timeout=10, message="condition"):
    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        try:
            value = condition()
            if value:
                return value
        except (StaleElementReferenceException, WebDriverException) as error:
            last_error = error
        time.sleep(0.05)
    raise AssertionError(f"timed out after {timeout} s waiting for {message}" + (f" ({last_error})" if last_error else ""))


class Page:
    """One browser window showing the client."""

    def __init__(self, driver, handle):
        self.driver = driver
        self.handle = handle

    def activate(self):
        self.driver.switch_to.window(self.handle)
        return self

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def session(self):
        return self.js("return window.chainSession || null")

    def tile(self, image_id):
        return self.driver.find_element(By.CSS_SELECTOR, f'.tile[data-id="{image_id}"]')

    def rating_of(self, image_id):
        return int(self.tile(image_id).find_element(By.CSS_SELECTOR, ".stars").get_attribute("data-rating"))

    def flag_of(self, image_id):
        return self.tile(image_id).find_element(By.CSS_SELECTOR, ".flag").get_attribute("data-flag")

    def cursor_id(self):
        cursors = self.driver.find_elements(By.CSS_SELECTOR, ".tile.cursor")
        return cursors[0].get_attribute("data-id") if len(cursors) == 1 else None

    def wait_loaded(self):
        wait_until(lambda: self.js("return document.getElementById('connection').dataset.state") == "live",
                   message="the event stream to be live")
        wait_until(lambda: self.driver.find_elements(By.CSS_SELECTOR, '.tile[data-id="img-1"]'), message="the first tile")

    def open_menu(self, menu_id):
        self.close_menus()
        self.driver.find_element(By.CSS_SELECTOR, f'.menu-title[data-menu="{menu_id}"]').click()
        return wait_until(lambda: self.driver.find_element(By.CSS_SELECTOR, "body > .menu"), message=f"menu {menu_id}")

    def open_submenu(self, menu_id, item_id):
        self.open_menu(menu_id)
        row = self.driver.find_element(By.CSS_SELECTOR, f'body > .menu [data-item="{item_id}"]')
        ActionChains(self.driver).move_to_element(row).perform()
        return wait_until(lambda: self.driver.find_element(By.CSS_SELECTOR, "body > .menu.submenu"), message=f"submenu {item_id}")

    def item(self, item_id):
        return self.driver.find_element(By.CSS_SELECTOR, f'body > .menu [data-item="{item_id}"]')

    def close_menus(self):
        self.js("window.chainClient.menuBar.close()")

    def press(self, *keys, modifier=None):
        # `modifier` may hold several (Keys.SHIFT + Keys.COMMAND): each is one code point.
        actions = ActionChains(self.driver)
        for key in modifier or "":
            actions.key_down(key)
        actions.send_keys(*keys)
        for key in reversed(modifier or ""):
            actions.key_up(key)
        actions.perform()

    def click_tile(self, image_id, modifier=None):
        tile = self.tile(image_id)
        actions = ActionChains(self.driver)
        if modifier:
            actions.key_down(modifier).click(tile).key_up(modifier)
        else:
            actions.click(tile)
        actions.perform()

    def select_tiles(self, ids):
        """A click on the first, Ctrl-clicks on the rest (Ctrl is Command off the Mac)."""
        self.click_tile(ids[0])
        for image_id in ids[1:]:
            self.click_tile(image_id, Keys.CONTROL)
        wait_until(lambda: self.selected_ids() == sorted(ids), message=f"{ids} selected")

    def selected_ids(self):
        return sorted(e.get_attribute("data-id") for e in self.driver.find_elements(By.CSS_SELECTOR, ".tile.selected"))

    def control(self, control_id):
        return self.driver.find_element(By.CSS_SELECTOR, f'#toolbar [data-control="{control_id}"]')

    def pressed(self, control_id):
        return self.control(control_id).get_attribute("aria-pressed")

    def settled(self):
        """Waits for every command the page has queued to be answered."""
        self.driver.execute_async_script("window.chainClient.queue.then(() => arguments[0]())")


class BrowserCase(unittest.TestCase):
    """A server and a browser showing the client, shared by a class's steps; a failed step
    leaves a screenshot."""

    driver = None
    server = None

    @classmethod
    def open_client(cls):
        cls.driver = harness.chromium()
        cls.driver.set_script_timeout(10)
        cls.driver.get(cls.server.url + "/")
        cls.page = Page(cls.driver, cls.driver.current_window_handle)
        cls.page.wait_loaded()

    @classmethod
    def tearDownClass(cls):
        if cls.driver:
            cls.driver.quit()
        if cls.server:
            cls.server.stop()

    def run(self, result=None):
        failures = len(result.failures) + len(result.errors) if result else 0
        outcome = super().run(result)
        if result and len(result.failures) + len(result.errors) > failures and self.driver:
            path = harness.save_screenshot(self.driver, self.id().split(".")[-1])
            print(f"  screenshot: {path}", flush=True)
        return outcome


class WebClientTest(BrowserCase):
    """The photographer's path through the 600-image demo catalog, and a second editor."""

    @classmethod
    def setUpClass(cls):
        cls.server = harness.Server(BINARY, demo_images=600, demo_pictures=True)
        # Known ratings for the first three images: 5, 3, 3.
        api = cls.server.request("POST", "/v1/sessions", {})
        for ids, rating in ((["img-1"], 5), (["img-2", "img-3"], 3)):
            cls.server.request("POST", f"/v1/sessions/{api['id']}/commands",
                               {"action": "select", "args": {"images": ids}}, api["token"])
            cls.server.request("POST", f"/v1/sessions/{api['id']}/commands",
                               {"action": "setRating", "args": {"rating": rating}}, api["token"])
        cls.open_client()

    def setUp(self):
        # Each step starts from the grid at its top: no menu, dialog or viewer left open by the one before.
        page = self.page.activate()
        page.close_menus()
        page.js("""const c = window.chainClient; c.closeExplain(); document.getElementById('keysheet').hidden = true; c.confirm.answer(false);
                   document.getElementById('grid').scrollTop = 0;
                   const main = c.session.windows.find(w => w.id === 'main');
                   if (main && main.viewer && main.viewer.image) c.send({action: 'closeViewer', target: 'main/grid/viewer'});
                   if (main && main.compare) c.send({action: 'closeCompare', target: 'main/grid/compare'});""")
        wait_until(lambda: not self.driver.find_element(By.ID, "viewer").is_displayed(), message="the viewer to close")

    def test_1_page_loads_with_menu_bar_grid_and_first_paint(self):
        page = self.page
        titles = [e.text for e in self.driver.find_elements(By.CSS_SELECTOR, ".menu-title")]
        self.assertEqual(titles, ["File", "Edit", "Image", "View"])
        first_paint = page.js("const m = performance.getEntriesByName('grid-first-paint')[0]; return m ? m.startTime : null")
        self.assertIsNotNone(first_paint, "the grid marks its first paint")
        figure("grid first paint on the demo catalog (ms since navigation, target <= 1000)", round(first_paint))
        self.assertEqual(page.rating_of("img-1"), 5)
        # Real thumbnails: the first tile's picture is a decoded image, not a grey box.
        width = wait_until(lambda: page.js(
            "const i = document.querySelector('.tile[data-id=\"img-1\"] img'); return i && i.complete ? i.naturalWidth : 0"),
            message="img-1's thumbnail")
        self.assertGreater(width, 0)
        self.assertLessEqual(width, 256)
        # The open menu shows key equivalents the Mac way.
        page.open_menu("file")
        self.assertEqual(page.item("newViewerWindow").find_element(By.CSS_SELECTOR, ".key").text, "⇧⌘N")
        page.close_menus()

    def test_2_three_selected_images_show_mixed_marks(self):
        page = self.page
        page.select_tiles(["img-1", "img-2", "img-3"])
        wait_until(lambda: page.js("return window.chainClient.menuBar.item('rating.5').state") == "mixed",
                   message="rating.5 to turn mixed")
        page.open_submenu("image", "rating")
        self.assertEqual(page.item("rating.5").get_attribute("data-state"), "mixed")
        self.assertEqual(page.item("rating.5").find_element(By.CSS_SELECTOR, ".mark").text, "–")
        self.assertEqual(page.item("rating.3").get_attribute("data-state"), "mixed")
        self.assertEqual(page.item("rating.1").get_attribute("data-state"), "off")
        page.close_menus()

    def test_2b_shift_click_selects_a_range_in_click_order(self):
        page = self.page
        page.click_tile("img-14")
        page.click_tile("img-11", Keys.SHIFT)
        page.click_tile("img-17", Keys.CONTROL)
        wait_until(lambda: page.selected_ids() == ["img-11", "img-12", "img-13", "img-14", "img-17"],
                   message="the range img-11…14, then img-17 added")
        self.assertEqual(page.js("return document.getElementById('selection-count').textContent"), "5 selected")

    def test_3_pressing_5_rates_and_retitles_undo_then_cmd_z_undoes(self):
        page = self.page
        page.select_tiles(["img-1", "img-2", "img-3"])
        page.press("5")
        for image in ("img-1", "img-2", "img-3"):
            wait_until(lambda image=image: page.rating_of(image) == 5, message=f"{image} to show five stars")
        wait_until(lambda: page.js("return window.chainClient.menuBar.item('undo').title") == "Undo Set Rating",
                   message="Undo to be retitled")
        page.open_menu("edit")
        self.assertEqual(page.item("undo").find_element(By.CSS_SELECTOR, ".title").text, "Undo Set Rating")
        self.assertEqual(page.item("undo").get_attribute("aria-disabled"), None)
        page.open_submenu("image", "rating")
        self.assertEqual(page.item("rating.5").find_element(By.CSS_SELECTOR, ".mark").text, "✓")
        page.close_menus()

        page.press("z", modifier=Keys.COMMAND)
        wait_until(lambda: [page.rating_of(i) for i in ("img-1", "img-2", "img-3")] == [5, 3, 3],
                   message="undo to restore 5, 3, 3")
        wait_until(lambda: page.js("return window.chainClient.menuBar.item('redo').title") == "Redo Set Rating",
                   message="Redo to be retitled")

    def test_4_double_click_opens_the_viewer_and_arrows_step(self):
        page = self.page
        ActionChains(self.driver).double_click(page.tile("img-2")).perform()
        viewer = self.driver.find_element(By.ID, "viewer")
        wait_until(lambda: viewer.get_attribute("data-image") == "img-2", message="the viewer to show img-2")
        self.assertTrue(viewer.is_displayed())
        wait_until(lambda: page.js("return document.getElementById('viewer-image').naturalWidth") > 256,
                   message="the viewer's large picture")
        page.press(Keys.ARROW_RIGHT)
        wait_until(lambda: viewer.get_attribute("data-image") == "img-3", message="→ to step to img-3")
        page.press(Keys.ARROW_RIGHT)
        wait_until(lambda: viewer.get_attribute("data-image") == "img-4", message="→ to step to img-4")
        page.press(Keys.ARROW_LEFT)
        wait_until(lambda: viewer.get_attribute("data-image") == "img-3", message="← to step back to img-3")
        self.assertEqual(page.session()["firstResponder"], "main/grid/viewer")
        page.press(Keys.ESCAPE)
        wait_until(lambda: not viewer.is_displayed(), message="Escape to close the viewer")

    def test_4a_the_viewer_asks_for_a_screen_sized_preview_has_its_neighbours_ready_and_a_loupe(self):
        page = self.page
        ActionChains(self.driver).double_click(page.tile("img-5")).perform()
        viewer = self.driver.find_element(By.ID, "viewer")
        wait_until(lambda: viewer.get_attribute("data-image") == "img-5", message="the viewer to show img-5")
        # The viewport's long edge in device pixels, rounded up to a bucket, at most 4096.
        expected = page.js("""const edge = Math.max(innerWidth, innerHeight) * (devicePixelRatio || 1);
                              return [1024, 1536, 2048, 3072, 4096].find((bucket) => bucket >= edge) || 4096""")
        self.assertEqual(page.js("return document.getElementById('viewer-image').dataset.size"), str(expected))

        def asked():
            return page.js("""return performance.getEntriesByType('resource').map((entry) => entry.name)
                                .filter((name) => name.includes('/preview?'))""")
        # The picture shown, then three ahead and one behind, all at that size.
        for image in ["img-5", "img-6", "img-7", "img-8", "img-4"]:
            wait_until(lambda: any(f"/v1/images/{image}/preview?size={expected}" in name for name in asked()),
                       message=f"a preview of {image} at {expected}")
        self.assertTrue(all(name.endswith(f"size={expected}") for name in asked()), asked())
        wait_until(lambda: page.js("return document.getElementById('viewer-image').naturalWidth") > 0,
                   message="the preview shown")
        # A step to a neighbour shows its picture without asking again.
        before = len(asked())
        page.press(Keys.ARROW_RIGHT)
        wait_until(lambda: viewer.get_attribute("data-image") == "img-6", message="→ to step to img-6")
        wait_until(lambda: page.js("return document.getElementById('viewer-image').complete && document.getElementById('viewer-image').naturalWidth > 0"),
                   message="img-6's preview shown")
        self.assertFalse(any("/v1/images/img-6/" in name for name in asked()[before:]), asked()[before:])
        # A click shows the 1:1 loupe from …/region; Escape puts the picture back, then closes the viewer.
        self.driver.find_element(By.ID, "viewer-image").click()
        loupe = self.driver.find_element(By.ID, "loupe")
        wait_until(lambda: loupe.is_displayed(), message="the loupe")
        wait_until(lambda: page.js("return document.querySelector('#loupe img').naturalWidth") > 0, message="the loupe's picture")
        x, y, w, h = (int(part) for part in loupe.get_attribute("data-region").split(","))
        self.assertEqual(page.js("const i = document.querySelector('#loupe img'); return [i.naturalWidth, i.naturalHeight]"), [w, h])
        self.assertTrue(any(f"/v1/images/img-6/region?x={x}&y={y}&w={w}&h={h}" in name for name in asked() + page.js(
            "return performance.getEntriesByType('resource').map((entry) => entry.name)")))
        page.press(Keys.ESCAPE)
        wait_until(lambda: not loupe.is_displayed(), message="Escape to close the loupe")
        self.assertTrue(viewer.is_displayed())
        page.press(Keys.ESCAPE)
        wait_until(lambda: not viewer.is_displayed(), message="Escape to close the viewer")

    def test_4b_culling_ten_images_by_keyboard_alone(self):
        page = self.page
        page.click_tile("img-7")
        wait_until(lambda: page.selected_ids() == ["img-7"], message="img-7 selected")
        # The client told the server how wide a row is here (setLayout).
        columns = wait_until(lambda: page.js(
            "const c = window.chainClient, w = c.shownWindow(); return w.grid.columns === c.grid.columns ? w.grid.columns : 0"),
            message="the session's grid to know the row width")
        img_16_flag = page.flag_of("img-16")
        plan = [("5", "p"), ("1", "x"), ("3", "p"), ("4", "p"), ("2", "x"),
                ("0", "x"), ("5", "p"), ("3", "p"), ("1", "x"), ("4", "p")]
        started = time.monotonic()
        for offset, (rating, flag) in enumerate(plan):
            image = f"img-{7 + offset}"
            wait_until(lambda image=image: page.selected_ids() == [image] and page.cursor_id() == image,
                       message=f"the cursor on {image}")
            page.press(rating)
            page.press(flag)
            page.press(Keys.ARROW_RIGHT)
        wait_until(lambda: page.selected_ids() == ["img-17"], message="the cursor to move past the tenth image")
        figure("ten images culled by keyboard (rate, flag, →) (s, incl. WebDriver)", round(time.monotonic() - started, 3))
        for offset, (rating, flag) in enumerate(plan):
            image = f"img-{7 + offset}"
            wait_until(lambda image=image, rating=rating: page.rating_of(image) == int(rating), message=f"{image} rated {rating}")
            self.assertEqual(page.flag_of(image), "pick" if flag == "p" else "reject")
        # ↓ moves a row, shift+→ extends from the anchor.
        page.press(Keys.ARROW_DOWN)
        below = f"img-{17 + columns}"
        wait_until(lambda: page.selected_ids() == [below], message=f"↓ to move a row ({columns} tiles) to {below}")
        page.press(Keys.ARROW_RIGHT, modifier=Keys.SHIFT)
        wait_until(lambda: page.selected_ids() == sorted([below, f"img-{18 + columns}"]), message="shift+→ to extend")
        # ⌘Z undoes the last decision: img-16's pick.
        page.press("z", modifier=Keys.COMMAND)
        wait_until(lambda: page.flag_of("img-16") == img_16_flag, message="undo to take img-16's flag back")
        self.assertEqual(page.rating_of("img-16"), 4)
        # Home then ←: the grid refuses, and says why.
        page.press(Keys.HOME)
        wait_until(lambda: page.selected_ids() == ["img-1"] and page.cursor_id() == "img-1", message="Home to go to img-1")
        self.assertEqual(page.js("return document.getElementById('grid').scrollTop"), 0)
        page.press(Keys.ARROW_LEFT)
        notice = wait_until(lambda: [n for n in self.driver.find_elements(By.CSS_SELECTOR, "#notices .notice")
                                     if "start of the grid" in n.text], message="a notice saying why")
        self.assertTrue(notice)
        page.press(Keys.END)
        wait_until(lambda: page.selected_ids() == ["img-600"], message="End to go to the last image")
        wait_until(lambda: page.cursor_id() == "img-600", message="the grid to scroll the last image into view")

    def test_4d_compare_two_selected_images_with_linked_zoom(self):
        page = self.page
        page.select_tiles(["img-5", "img-6"])
        page.press("c")
        compare = self.driver.find_element(By.ID, "compare")
        wait_until(compare.is_displayed, message="C to open the compare")
        self.assertEqual(page.session()["firstResponder"], "main/grid/compare")
        panes = wait_until(lambda: [p for p in self.driver.find_elements(By.CSS_SELECTOR, "#compare .pane")
                                    if p.get_attribute("data-image")], message="the panes")
        self.assertEqual([p.get_attribute("data-image") for p in panes], ["img-5", "img-6"])
        self.assertIn("select", panes[0].get_attribute("class"))
        width_of = "return document.querySelectorAll('#compare .pane img')[arguments[0]].getBoundingClientRect().width"
        wait_until(lambda: page.js(width_of, 0) > 0 and page.js(width_of, 1) > 0, message="both pictures")
        before = page.js(width_of, 1)
        # Two wheel steps up over the select's pane: the zoom goes to the session, and the
        # candidate's pane, which nobody touched, follows it.
        page.js("""const frame = document.querySelector('#compare .pane .pane-frame'), box = frame.getBoundingClientRect();
                   for (let i = 0; i < 2; i++) frame.dispatchEvent(new WheelEvent('wheel',
                     {deltaY: -100, clientX: box.left + box.width / 2, clientY: box.top + box.height / 2, bubbles: true, cancelable: true}));""")
        scale = wait_until(lambda: page.js("const w = window.chainClient.shownWindow(); return w.compare ? w.compare.zoom.scale : 0") > 1
                           and page.js("return window.chainClient.shownWindow().compare.zoom.scale"),
                           message="setZoom to reach the session")
        self.assertAlmostEqual(scale, 1.5625, places=3)
        wait_until(lambda: page.js(width_of, 1) > before * 1.5, message="the other pane to zoom too")
        page.press(Keys.ESCAPE)
        wait_until(lambda: not compare.is_displayed(), message="Escape to close the compare")
        self.assertEqual(page.session()["firstResponder"], "main/grid")

    def test_4f_the_viewers_metadata_strip_says_what_the_camera_recorded(self):
        text = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "import('/web/viewer.js').then((viewer) => done([viewer.metadataText(arguments[0]), viewer.metadataText(arguments[1])]));",
            {"captureTime": "2024-05-01T10:20:30+02:00", "camera": {"make": "Canon", "model": "Canon EOS R5"},
             "lens": "RF24-70mm F2.8 L IS USM", "exposure": {"time": "1/250", "aperture": 5.6, "iso": 400, "focalLength": 50},
             "width": 4000, "height": 6000},
            {"captureTime": None, "camera": None, "lens": None,
             "exposure": {"time": None, "aperture": None, "iso": None, "focalLength": None}, "width": None, "height": None})
        self.assertEqual(text[0], "2024-05-01 10:20 · Canon EOS R5 · RF24-70mm F2.8 L IS USM · 1/250 s f/5.6 ISO 400 50 mm · 4000 × 6000")
        self.assertEqual(text[1], "")
        # The strip is part of the viewer's caption (the demo pictures carry no EXIF: their size).
        page = self.page
        ActionChains(self.driver).double_click(page.tile("img-2")).perform()
        wait_until(lambda: self.driver.find_elements(By.CSS_SELECTOR, "#viewer-caption .metadata"),
                   message="the viewer's metadata strip")

    def test_4g_the_history_panel_lists_the_shown_images_changes_and_follows_them(self):
        page = self.page
        other = self.other_session("img-12")
        other("setRating", rating=1)
        other("setLabel", label="green")
        ActionChains(self.driver).double_click(page.tile("img-12")).perform()
        viewer = self.driver.find_element(By.ID, "viewer")
        wait_until(lambda: viewer.get_attribute("data-image") == "img-12", message="the viewer to show img-12")
        toggle = self.driver.find_element(By.ID, "history-toggle")
        toggle.click()
        panel = self.driver.find_element(By.ID, "history")
        entries = lambda: [e.text for e in panel.find_elements(By.CSS_SELECTOR, ".history-entry")]
        wait_until(lambda: len(entries()) >= 2, message="the history panel to list img-12's changes")
        self.assertIn("label", entries()[0])
        self.assertIn("green", entries()[0])
        self.assertIn("anonymous", entries()[0])
        self.assertIn("setLabel", entries()[0])
        self.assertIn("rating", entries()[1])
        self.assertIn("→ 1", entries()[1])
        # A change made meanwhile is listed as it lands.
        count = len(entries())
        other("setRating", rating=4)
        wait_until(lambda: len(entries()) == count + 1 and "→ 4" in entries()[0], timeout=5,
                   message="the panel to read the new rating")
        toggle.click()
        wait_until(lambda: not panel.is_displayed(), message="the History button to close the panel")
        page.press(Keys.ESCAPE)
        wait_until(lambda: not viewer.is_displayed(), message="Escape to close the viewer")

    def test_4c_question_mark_shows_the_keys_of_the_chain(self):
        page = self.page
        page.click_tile("img-3")
        wait_until(lambda: page.session()["firstResponder"] == "main/grid", message="focus in the grid")
        page.press("?")
        sheet = self.driver.find_element(By.ID, "keysheet")
        wait_until(sheet.is_displayed, message="the key sheet")
        rows = {row.find_element(By.CSS_SELECTOR, ".key").text: row for row in sheet.find_elements(By.CSS_SELECTOR, "tr")}
        self.assertIn("Move Right", rows["→"].text)
        self.assertIn("Extend Selection Right", rows["⇧→"].text)
        self.assertIn("Undo", rows["⌘Z"].text)
        self.assertEqual(rows["→"].get_attribute("data-source"), "binding")
        self.assertEqual(rows["⌘Z"].get_attribute("data-source"), "menu")
        page.press(Keys.ESCAPE)
        wait_until(lambda: not sheet.is_displayed(), message="Escape to close the key sheet")
        # In the viewer the same arrow means the viewer's step.
        page.press(Keys.ENTER)
        wait_until(lambda: page.session()["firstResponder"] == "main/grid/viewer", message="the viewer to open")
        page.press("?")
        wait_until(sheet.is_displayed, message="the key sheet again")
        rows = {row.find_element(By.CSS_SELECTOR, ".key").text: row for row in sheet.find_elements(By.CSS_SELECTOR, "tr")}
        self.assertIn("Next Image", rows["→"].text)
        self.assertIn("main/grid/viewer", rows["→"].text)
        page.press(Keys.ESCAPE)
        wait_until(lambda: not sheet.is_displayed(), message="Escape to close the key sheet")

    def test_4d_right_click_opens_the_servers_context_menu(self):
        page = self.page
        page.click_tile("img-2")
        wait_until(lambda: page.selected_ids() == ["img-2"], message="img-2 selected")
        # A right-click on a tile not selected selects it first, as Finder does.
        ActionChains(self.driver).context_click(page.tile("img-20")).perform()
        menu = wait_until(lambda: self.driver.find_element(By.CSS_SELECTOR, "body > .menu.context"), message="the context menu")
        wait_until(lambda: page.selected_ids() == ["img-20"], message="the right-clicked tile selected")
        titles = [e.text for e in menu.find_elements(By.CSS_SELECTOR, ".menu-item .title")]
        self.assertEqual(titles[:5], ["Open Image", "Open in New Window", "Rating", "Label", "Flag"])
        target = 3 if page.rating_of("img-20") != 3 else 4
        ActionChains(self.driver).move_to_element(menu.find_element(By.CSS_SELECTOR, '[data-item="rating"]')).perform()
        submenu = wait_until(lambda: self.driver.find_element(By.CSS_SELECTOR, "body > .menu.submenu"), message="the Rating submenu")
        self.assertEqual(submenu.find_element(By.CSS_SELECTOR, f'[data-item="rating.{page.rating_of("img-20")}"]')
                         .get_attribute("data-state"), "on")
        submenu.find_element(By.CSS_SELECTOR, f'[data-item="rating.{target}"]').click()
        wait_until(lambda: page.rating_of("img-20") == target, message=f"img-20 rated {target} from the context menu")
        self.assertFalse(self.driver.find_elements(By.CSS_SELECTOR, "body > .menu.context"))
        # "Why is this disabled?" moved into the context menu: alt-click Auto Rate (no handler).
        ActionChains(self.driver).context_click(page.tile("img-20")).perform()
        menu = wait_until(lambda: self.driver.find_element(By.CSS_SELECTOR, "body > .menu.context"), message="the context menu again")
        self.assertEqual(page.selected_ids(), ["img-20"])
        row = menu.find_element(By.CSS_SELECTOR, '[data-item="autoRate"]')
        self.assertEqual(row.get_attribute("aria-disabled"), "true")
        ActionChains(self.driver).key_down(Keys.ALT).click(row).key_up(Keys.ALT).perform()
        dialog = self.driver.find_element(By.ID, "explain")
        wait_until(dialog.is_displayed, message="the explain dialog")
        self.assertIn("Why is “Auto Rate” disabled?", dialog.text)
        self.assertIn("main/grid — no handler for this action", dialog.text)
        page.press(Keys.ESCAPE)
        wait_until(lambda: not dialog.is_displayed(), message="Escape to close the dialog")

    def test_4e_a_contributed_item_appears_and_disappears_live(self):
        page = self.page
        saved = page.js("return JSON.parse(sessionStorage.getItem('chainserver.session'))")
        base = f"/v1/sessions/{saved['id']}"
        handler = self.server.request("POST", base + "/handlers", {
            "responder": "main/grid", "action": "exportSelection",
            "menuItems": [{"menu": "image", "after": "autoRate", "id": "export", "title": "Export…",
                           "key": "e", "modifiers": ["command"]}]}, saved["token"])
        item_id = handler["menuItems"][0]["id"]
        # The page's stream is open, so the handler is live: its item comes in enabled.
        wait_until(lambda: page.js(f"const i = window.chainClient.menuBar.item('{item_id}'); return i && i.enabled"),
                   message="the contributed item in the menu bar")
        page.open_menu("image")
        row = page.item(item_id)
        self.assertEqual(row.find_element(By.CSS_SELECTOR, ".title").text, "Export…")
        self.assertEqual(row.find_element(By.CSS_SELECTOR, ".key").text, "⌘E")
        rows = [e.get_attribute("data-item") for e in self.driver.find_elements(By.CSS_SELECTOR, "body > .menu > .menu-item")]
        self.assertEqual(rows[rows.index("autoRate") + 1], item_id)
        page.close_menus()
        self.server.request("DELETE", f"{base}/handlers/{handler['id']}", None, saved["token"])
        wait_until(lambda: page.js(f"return !window.chainClient.menuBar.item('{item_id}')"), message="the item to go")
        page.open_menu("image")
        self.assertFalse(self.driver.find_elements(By.CSS_SELECTOR, f'body > .menu [data-item="{item_id}"]'))
        page.close_menus()

    def test_5_why_is_this_disabled(self):
        page = self.page
        page.open_menu("view")
        row = page.item("closeViewer")
        self.assertEqual(row.get_attribute("aria-disabled"), "true")
        ActionChains(self.driver).key_down(Keys.ALT).click(row).key_up(Keys.ALT).perform()
        dialog = self.driver.find_element(By.ID, "explain")
        wait_until(dialog.is_displayed, message="the explain dialog")
        self.assertIn("Why is “Close Viewer” disabled?", dialog.text)
        self.assertIn("main/grid — no handler for this action", dialog.text)
        self.assertIn("Chain: main/grid → main → app", dialog.text)
        page.press(Keys.ESCAPE)
        wait_until(lambda: not dialog.is_displayed(), message="Escape to close the dialog")

    def test_6_a_problem_shows_a_short_message(self):
        page = self.page
        page.click_tile("img-1")
        wait_until(lambda: page.selected_ids() == ["img-1"], message="img-1 selected")
        page.press("a", modifier=Keys.COMMAND)  # ⌘A selects all
        wait_until(lambda: page.js("return document.getElementById('selection-count').textContent") == "600 selected",
                   message="600 selected")
        page.press("a", modifier=Keys.COMMAND)
        page.press("a", modifier=Keys.SHIFT + Keys.COMMAND)  # ⇧⌘A deselects all
        wait_until(lambda: page.selected_ids() == [], message="the selection to empty")
        page.press("5")  # nothing selected: 409 disabled
        notice = wait_until(lambda: self.driver.find_element(By.CSS_SELECTOR, "#notices .notice"), message="a notice")
        self.assertIn("disabled", notice.text.lower())

    def test_7_a_second_session_sees_the_first_sessions_rating_live(self):
        first = self.page
        first.click_tile("img-10")
        wait_until(lambda: first.selected_ids() == ["img-10"], message="img-10 selected in the first window")
        first_session = first.session()["id"]

        self.driver.switch_to.new_window("window")
        second = Page(self.driver, self.driver.current_window_handle)
        try:
            self.driver.get(self.server.url + "/")
            second.wait_loaded()
            self.assertNotEqual(second.session()["id"], first_session, "each tab has its own session")
            second.click_tile("img-10")
            wait_until(lambda: second.selected_ids() == ["img-10"], message="img-10 selected in the second window")
            before = second.rating_of("img-10")
            target = 1 if before != 1 else 2
            wait_until(lambda: second.js(f"return window.chainClient.menuBar.item('rating.{target}').state") == "off",
                       message="the second menu to show the old rating")

            first.activate()
            started = time.monotonic()
            first.press(str(target))
            second.activate()
            wait_until(lambda: second.rating_of("img-10") == target, timeout=5, message="the rating in the second grid")
            grid_seconds = time.monotonic() - started
            wait_until(lambda: second.js(f"return window.chainClient.menuBar.item('rating.{target}').state") == "on",
                       timeout=5, message="the second menu's checkmark")
            menu_seconds = time.monotonic() - started
            figure("another session's rating in this grid (s, incl. WebDriver window switch; target <= 1)", round(grid_seconds, 3))
            figure("... and in this menu's checkmark (s)", round(menu_seconds, 3))
            second.open_submenu("image", "rating")
            self.assertEqual(second.item(f"rating.{target}").find_element(By.CSS_SELECTOR, ".mark").text, "✓")
            second.close_menus()
        finally:
            self.driver.close()
            first.activate()

    def test_8_reload_resumes_the_same_session(self):
        page = self.page
        before = page.session()["id"]
        self.driver.refresh()
        page.wait_loaded()
        self.assertEqual(page.session()["id"], before)
        token = page.js("return JSON.parse(sessionStorage.getItem('chainserver.session')).token")
        self.assertGreater(len(token), 20)
        urls = page.js("return [location.href, ...performance.getEntriesByType('resource').map(e => e.name)]")
        self.assertGreater(len(urls), 10)
        self.assertFalse([url for url in urls if token in url], "no token in any URL")

    def test_8b_a_lost_stream_resumes_with_last_event_id(self):
        page = self.page
        hellos = page.js("return window.chainClient.counts.hello")
        # Another session rates img-20 while this tab's stream is down.
        other = self.server.request("POST", "/v1/sessions", {})
        self.server.request("POST", f"/v1/sessions/{other['id']}/commands",
                            {"action": "select", "args": {"images": ["img-20"]}}, other["token"])
        target = 4 if page.rating_of("img-20") != 4 else 2
        # The client waits 3 s before reconnecting, so the rating lands while it is away.
        page.js("const s = window.chainClient.stream; s.firstDelay = 3000; s.controller.abort()")  # as a dropped network would
        wait_until(lambda: self.driver.find_element(By.ID, "connection").text == "reconnecting…",
                   message="the bar to say reconnecting…")
        self.server.request("POST", f"/v1/sessions/{other['id']}/commands",
                            {"action": "setRating", "args": {"rating": target}}, other["token"])
        page.js("window.chainClient.stream.firstDelay = 500")
        wait_until(lambda: self.driver.find_element(By.ID, "connection").text == "live", message="the stream back")
        wait_until(lambda: page.rating_of("img-20") == target, message="the missed rating, replayed")
        # Resumed from Last-Event-ID: the held events were replayed, with no fresh hello.
        self.assertEqual(page.js("return window.chainClient.counts.hello"), hellos)

    def test_9_new_viewer_window_opens_a_panel(self):
        page = self.page
        page.click_tile("img-5")
        wait_until(lambda: page.selected_ids() == ["img-5"], message="img-5 selected")
        page.press("n", modifier=Keys.SHIFT + Keys.COMMAND)
        panel = wait_until(lambda: self.driver.find_element(By.CSS_SELECTOR, "#panels .panel"), message="a viewer panel")
        window_id = panel.get_attribute("data-window")
        wait_until(lambda: page.session()["firstResponder"] == f"{window_id}/viewer", message="focus in the new viewer")
        panel.find_element(By.CSS_SELECTOR, "header button").click()
        wait_until(lambda: not self.driver.find_elements(By.CSS_SELECTOR, "#panels .panel"), message="the panel to close")
        # Focus follows clicks: a click in the grid makes its grid the first responder again.
        page.press("n", modifier=Keys.SHIFT + Keys.COMMAND)
        wait_until(lambda: page.session()["firstResponder"].endswith("/viewer"), message="focus in a new viewer")
        page.click_tile("img-6")
        wait_until(lambda: page.session()["firstResponder"] == "main/grid", message="focus back in the grid")
        # The click sends focus, then select: the selection may come one answer after the focus.
        wait_until(lambda: page.selected_ids() == ["img-6"], message="img-6 selected")
        self.driver.find_element(By.CSS_SELECTOR, "#panels .panel header button").click()
        wait_until(lambda: not self.driver.find_elements(By.CSS_SELECTOR, "#panels .panel"), message="the panel to close")

    def other_session(self, image_id):
        """A second session, over HTTP, with `image_id` selected: returns a function sending it a command."""
        other = self.server.request("POST", "/v1/sessions", {})

        def send(action, **args):
            return self.server.request("POST", f"/v1/sessions/{other['id']}/commands",
                                       {"action": action, "args": args}, other["token"])
        send("select", images=[image_id])
        return send

    def test_9b_toolbar_controls_follow_another_sessions_changes(self):
        page = self.page
        page.click_tile("img-30")
        wait_until(lambda: page.selected_ids() == ["img-30"], message="img-30 selected")
        # Drawn from the server's validation: enabled with a selection, tooltips from its titles.
        wait_until(lambda: page.control("tb.rating.5").get_attribute("aria-disabled") == "false",
                   message="the ★5 control enabled")
        self.assertEqual(page.control("tb.rating.5").get_attribute("title"), "★★★★★")
        self.assertEqual(page.control("tb.pick").get_attribute("title"), "Pick")
        other = self.other_session("img-30")
        started = time.monotonic()
        other("setRating", rating=1)
        wait_until(lambda: page.pressed("tb.rating.1") == "true" and page.pressed("tb.rating.5") == "false",
                   timeout=5, message="★1 pressed after another session rated img-30 1")
        other("setRating", rating=5)
        wait_until(lambda: page.pressed("tb.rating.5") == "true", timeout=5,
                   message="★5 pressed after another session rated img-30 5")
        figure("another session's rating in this page's toolbar (s, two changes)", round(time.monotonic() - started, 3))
        self.assertEqual(page.pressed("tb.rating.1"), "false")
        self.assertEqual(page.rating_of("img-30"), 5)
        other("setFlag", flag="none")
        wait_until(lambda: page.pressed("tb.pick") == "false" and page.pressed("tb.unflag") == "true",
                   timeout=5, message="unflag pressed after another session unflagged img-30")
        other("setFlag", flag="pick")
        wait_until(lambda: page.pressed("tb.pick") == "true" and page.pressed("tb.unflag") == "false",
                   timeout=5, message="pick pressed after another session picked img-30")
        # Two images with different ratings: the rating controls show mixed.
        other("select", images=["img-30", "img-31"])
        other("setRating", rating=2)
        page.select_tiles(["img-30", "img-31"])
        other("select", images=["img-30"])
        other("setRating", rating=4)
        wait_until(lambda: page.pressed("tb.rating.4") == "mixed" and page.pressed("tb.rating.2") == "mixed",
                   timeout=5, message="★4 and ★2 mixed over img-30 (4) and img-31 (2)")

    def test_9d_an_undo_that_met_another_sessions_change_says_so_and_undo_anyway_writes_it(self):
        page = self.page
        page.select_tiles(["img-34", "img-35"])
        before = [page.rating_of("img-34"), page.rating_of("img-35")]
        page.press("5")
        wait_until(lambda: [page.rating_of("img-34"), page.rating_of("img-35")] == [5, 5], message="both rated 5")
        other = self.other_session("img-35")
        other("setRating", rating=2)
        wait_until(lambda: page.rating_of("img-35") == 2, timeout=5, message="img-35 rated 2 by the other session")
        page.press("z", modifier=Keys.COMMAND)
        wait_until(lambda: page.rating_of("img-34") == before[0], message="img-34 back to its rating")
        notice = wait_until(lambda: next((n for n in self.driver.find_elements(By.CSS_SELECTOR, "#notices .notice")
                                          if "changed by" in n.text), None),
                            message="a notice naming the conflict")
        # Named by who made the value found: every client is the anonymous editor in open mode.
        self.assertIn("1 image was changed by anonymous since; left as it is", notice.text)
        self.assertEqual(page.rating_of("img-35"), 2)
        notice.find_element(By.CSS_SELECTOR, "button.notice-action").click()
        wait_until(lambda: page.rating_of("img-35") == before[1], message="Undo Anyway to write img-35 back")

    def test_9e_the_editors_present_show_as_initials_and_a_click_follows_one(self):
        page = self.page
        other = self.server.request("POST", "/v1/sessions", {})

        def send(action, target=None, **args):
            body = {"action": action, "args": args}
            if target:
                body["target"] = target
            return self.server.request("POST", f"/v1/sessions/{other['id']}/commands", body, other["token"])

        send("openImage", image="img-40")
        selector = f'#presence button[data-session="{other["id"]}"]'
        button = wait_until(lambda: next(iter(self.driver.find_elements(By.CSS_SELECTOR, selector)), None),
                            message="the other session's initials")
        self.assertEqual(button.text, "AN")
        wait_until(lambda: "looking at img-40" in self.driver.find_element(By.CSS_SELECTOR, selector).get_attribute("title"),
                   message="what the other session looks at, in the tooltip")
        shown = "return (window.chainClient.shownWindow().viewer || {}).image || null"
        self.driver.find_element(By.CSS_SELECTOR, selector).click()
        wait_until(lambda: page.js(shown) == "img-40", message="following shows the other session's image")
        wait_until(lambda: self.driver.find_element(By.CSS_SELECTOR, selector).get_attribute("aria-pressed") == "true",
                   message="the followed editor marked")
        self.assertTrue(self.driver.find_element(By.ID, "viewer").is_displayed())
        send("nextImage", target="main/grid/viewer")
        wait_until(lambda: page.js(shown) == "img-41", timeout=5, message="the viewer to move with the followed session")
        self.driver.find_element(By.CSS_SELECTOR, selector).click()
        wait_until(lambda: self.driver.find_element(By.CSS_SELECTOR, selector).get_attribute("aria-pressed") == "false",
                   message="a second click to stop following")
        self.assertIsNone(page.js("return window.chainClient.shownWindow().following"))
        # A page loaded after the other session moved lists it from GET /v1/presence.
        self.driver.refresh()
        page.wait_loaded()
        wait_until(lambda: "looking at img-41" in (next(iter(self.driver.find_elements(By.CSS_SELECTOR, selector)), None)
                                                  or self.driver.find_element(By.ID, "presence")).get_attribute("title") or "",
                   message="the other session listed at load")

    def test_9c_toolbar_controls_perform_their_commands(self):
        page = self.page
        page.click_tile("img-33")
        wait_until(lambda: page.selected_ids() == ["img-33"], message="img-33 selected")
        wait_until(lambda: page.control("tb.reject").get_attribute("aria-disabled") == "false", message="reject enabled")
        page.control("tb.reject").click()
        wait_until(lambda: page.flag_of("img-33") == "reject", message="the reject control to reject img-33")
        wait_until(lambda: page.pressed("tb.reject") == "true", message="reject pressed")
        page.control("tb.pick").click()
        wait_until(lambda: page.flag_of("img-33") == "pick", message="the pick control to pick img-33")
        wait_until(lambda: page.pressed("tb.pick") == "true" and page.pressed("tb.reject") == "false", message="pick pressed")
        # Undo's title follows this page's undo stack.
        undo = page.control("tb.undo")
        wait_until(lambda: undo.get_attribute("title") == "Undo Set Flag", message="Undo titled Undo Set Flag")
        self.assertEqual(undo.get_attribute("aria-disabled"), "false")
        before = page.rating_of("img-33")
        target = 3 if before != 3 else 2
        page.control(f"tb.rating.{target}").click()
        wait_until(lambda: page.rating_of("img-33") == target, message=f"the ★{target} control to rate img-33")
        wait_until(lambda: undo.get_attribute("title") == "Undo Set Rating", message="Undo titled Undo Set Rating")
        undo.click()
        wait_until(lambda: page.rating_of("img-33") == before, message="the undo control to restore the rating")
        redo = page.control("tb.redo")
        wait_until(lambda: redo.get_attribute("title") == "Redo Set Rating" and redo.get_attribute("aria-disabled") == "false",
                   message="Redo titled Redo Set Rating")
        # A click leaves focus where it was: keys still reach the grid.
        self.assertEqual(page.js("return document.activeElement.id"), "grid")
        # With nothing selected the flag and rating controls are disabled, and a click does nothing.
        page.press("a", modifier=Keys.SHIFT + Keys.COMMAND)
        wait_until(lambda: page.selected_ids() == [], message="the selection to empty")
        wait_until(lambda: page.control("tb.pick").get_attribute("aria-disabled") == "true", message="pick disabled")
        notices = len(self.driver.find_elements(By.CSS_SELECTOR, "#notices .notice"))
        page.control("tb.pick").click()
        page.settled()
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "#notices .notice")), notices)

    def test_9d_the_filter_bar_shows_a_working_set_and_the_viewer_keeps_its_place(self):
        page = self.page
        tiles = lambda: page.js("return [...document.querySelectorAll('.tile[data-id]')].map(t => t.dataset.id)")
        page.control("tb.show.unrated").click()
        wait_until(lambda: page.pressed("tb.show.unrated") == "true", message="Show Unrated pressed")
        wait_until(lambda: tiles() and all(page.rating_of(i) == 0 for i in tiles()), message="only unrated tiles")
        first, second = tiles()[0], tiles()[1]
        ActionChains(self.driver).double_click(page.tile(first)).perform()
        viewer = self.driver.find_element(By.ID, "viewer")
        wait_until(lambda: viewer.get_attribute("data-image") == first, message=f"the viewer to show {first}")
        # Rated, it no longer passes the filter, but it keeps its place while the viewer shows it.
        page.press("4")
        wait_until(lambda: page.rating_of(first) == 4, message=f"{first} rated 4")
        self.assertIn(first, tiles())
        page.press(Keys.ARROW_RIGHT)
        wait_until(lambda: viewer.get_attribute("data-image") == second, message=f"→ to step to its old neighbour {second}")
        wait_until(lambda: first not in tiles(), message=f"{first} to leave the grid once the viewer moved on")
        page.press(Keys.ESCAPE)
        wait_until(lambda: not viewer.is_displayed(), message="Escape to close the viewer")
        page.control("tb.undo").click()
        wait_until(lambda: first in tiles(), message=f"undo to bring {first} back")
        # Sorted by rating, best first; then everything again.
        page.control("tb.show.all").click()
        page.control("tb.sort.rating").click()
        wait_until(lambda: page.pressed("tb.sort.rating") == "true", message="Sort by Rating pressed")
        wait_until(lambda: tiles() and page.rating_of(tiles()[0]) == 5, message="the best first")
        ratings = [page.rating_of(i) for i in tiles()[:20]]
        self.assertEqual(ratings, sorted(ratings, reverse=True))
        page.js("window.chainClient.send({action: 'setSort', args: {by: 'id'}, target: 'main/grid'})")
        wait_until(lambda: tiles()[:1] == ["img-1"], message="the grid back in id order")

    def test_z_readme_screenshot(self):
        if not os.environ.get("WEB_CLIENT_SCREENSHOT"):
            self.skipTest("--screenshot PATH takes the README's picture")
        page = self.page
        page.select_tiles(["img-7", "img-8", "img-9"])
        wait_until(lambda: page.js("return [...document.querySelectorAll('.tile img')].length") >= 18, message="pictures")
        page.open_submenu("image", "rating")
        time.sleep(0.3)
        self.driver.save_screenshot(os.environ["WEB_CLIENT_SCREENSHOT"])
        page.close_menus()


class SignInTest(BrowserCase):
    """`auth.mode` "keys": the client asks for a key, signs in with one `chain-server keys add`
    made, shows who it acts for, and a viewer's writes show disabled."""

    @classmethod
    def setUpClass(cls):
        cls.server = harness.Server(BINARY, demo_images=40, demo_pictures=False, auth_mode="keys")
        cls.key = cls.server.add_key("vera", "viewer")
        cls.driver = harness.chromium()
        cls.driver.set_script_timeout(10)
        cls.driver.get(cls.server.url + "/")
        cls.page = Page(cls.driver, cls.driver.current_window_handle)

    def test_signing_in_with_a_key(self):
        dialog = wait_until(lambda: [d for d in self.driver.find_elements(By.ID, "signin") if d.is_displayed()],
                            message="the sign-in dialog")[0]
        self.assertIn("needs an API key", dialog.text)
        field = dialog.find_element(By.CSS_SELECTOR, "input[name=key]")
        field.send_keys("ck_not-a-key")
        dialog.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        wait_until(lambda: "unknown or revoked" in dialog.text and dialog.is_displayed(), message="a wrong key refused")
        field.clear()
        field.send_keys(self.key)
        dialog.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        self.page.wait_loaded()
        self.assertFalse(dialog.is_displayed())
        principal = self.driver.find_element(By.ID, "principal")
        self.assertEqual(principal.text.split(" ")[0], "vera")
        self.assertEqual(principal.get_attribute("data-role"), "viewer")
        self.assertEqual(self.page.js("return sessionStorage.getItem('chainserver.apiKey')"), self.key)
        # A viewer's rating controls are disabled, read-only; moving around is not.
        self.page.click_tile("img-2")
        wait_until(lambda: self.page.js("return window.chainClient.menuBar.item('rating.3')?.enabled") is False,
                   message="rating disabled for a viewer")
        # A reload resumes the session without asking again.
        self.driver.refresh()
        self.page.wait_loaded()
        self.assertFalse([d for d in self.driver.find_elements(By.ID, "signin") if d.is_displayed()])


class LargeCatalogTest(BrowserCase):
    """Scrolling 100,000 images keeps the DOM small."""

    @classmethod
    def setUpClass(cls):
        cls.server = harness.Server(BINARY, demo_images=100_000, demo_pictures=False)
        cls.open_client()

    def test_asking_before_rating_100000_images(self):
        page = self.page
        confirm = self.driver.find_element(By.ID, "confirm")
        page.press("a", modifier=Keys.COMMAND)
        wait_until(lambda: page.js("return document.getElementById('selection-count').textContent") == "100,000 selected",
                   message="all 100,000 selected")
        tiles = wait_until(lambda: [e.get_attribute("data-id") for e in self.driver.find_elements(By.CSS_SELECTOR, ".tile[data-id]")][:20],
                           message="tiles")
        ratings = {image: page.rating_of(image) for image in tiles}
        five = sum(1 for rating in ratings.values() if rating == 5)
        # "5" tries the key first (?dryRun=1) and asks, with the dry run's figures.
        started = time.monotonic()
        page.press("5")
        wait_until(confirm.is_displayed, timeout=20, message="the confirm dialog")
        figure("dry run of rating 100,000 images, to the dialog (s)", round(time.monotonic() - started, 3))
        text = confirm.find_element(By.CSS_SELECTOR, "h2").text
        self.assertRegex(text, r"^Rate 100,000 images ★★★★★\? ([\d,]+|None) already (is|are)\.$")
        self.assertEqual(confirm.get_attribute("data-count"), "100000")
        already = text.split("? ")[1].split(" ")[0]
        self.assertGreaterEqual(0 if already == "None" else int(already.replace(",", "")), five)
        # Cancel sends nothing.
        confirm.find_element(By.CSS_SELECTOR, '[data-answer="cancel"]').click()
        wait_until(lambda: not confirm.is_displayed(), message="Cancel to close the dialog")
        page.settled()
        self.assertEqual({image: page.rating_of(image) for image in tiles}, ratings)
        self.assertFalse(page.js("return window.chainClient.menuBar.item('undo').enabled"), "no undo step")
        # The ★5 control asks the same; OK rates them all.
        page.control("tb.rating.5").click()
        wait_until(confirm.is_displayed, timeout=20, message="the confirm dialog again")
        self.assertEqual(confirm.find_element(By.CSS_SELECTOR, "h2").text, text)
        started = time.monotonic()
        confirm.find_element(By.CSS_SELECTOR, '[data-answer="ok"]').click()
        wait_until(lambda: not confirm.is_displayed(), message="OK to close the dialog")
        for image in tiles:
            wait_until(lambda image=image: page.rating_of(image) == 5, timeout=60, message=f"{image} to show five stars")
        figure("rating 100,000 images after OK, to the tiles (s)", round(time.monotonic() - started, 3))
        wait_until(lambda: page.pressed("tb.rating.5") == "true", timeout=10, message="★5 pressed")
        wait_until(lambda: page.control("tb.undo").get_attribute("title") == "Undo Set Rating", message="Undo titled")

    def test_scrolling_keeps_fewer_than_500_tiles(self):
        page = self.page
        height = page.js("return document.getElementById('grid-space').scrollHeight")
        self.assertGreater(height, 100_000 / 20 * 200, "the grid is as tall as 100,000 tiles")
        most = 0
        for fraction in (0.1, 0.25, 0.5, 0.75, 0.9, 1.0, 0.3):
            page.js("const g = document.getElementById('grid'); g.scrollTop = arguments[0] * g.scrollHeight", fraction)
            wait_until(lambda: page.js("return [...document.querySelectorAll('.tile')].every(t => t.dataset.id)"),
                       message=f"tiles at {fraction:.0%} to fill")
            most = max(most, len(self.driver.find_elements(By.CSS_SELECTOR, ".tile")))
        page.js("const g = document.getElementById('grid'); g.scrollTop = g.scrollHeight")
        wait_until(lambda: self.driver.find_elements(By.CSS_SELECTOR, '.tile[data-id="img-100000"]'),
                   message="the last image's tile at the bottom")
        figure("most tiles in the DOM while scrolling 100,000 images (target < 500)", most)
        self.assertLess(most, 500)

    def test_toggling_one_image_out_of_100000_selected_is_refused_with_a_message(self):
        page = self.page
        page.press("a", modifier=Keys.COMMAND)
        wait_until(lambda: page.js("return document.getElementById('selection-count').textContent") == "100,000 selected",
                   message="all 100,000 selected")
        tile = wait_until(lambda: self.driver.find_elements(By.CSS_SELECTOR, ".tile[data-id]"), message="a tile")[0]
        self.assertIn("selected", tile.get_attribute("class"))
        page.click_tile(tile.get_attribute("data-id"), Keys.CONTROL)
        notice = wait_until(lambda: self.driver.find_element(By.CSS_SELECTOR, "#notices .notice"), message="a notice")
        self.assertIn("Selection too large", notice.text)
        self.assertEqual(page.js("return document.getElementById('selection-count').textContent"), "100,000 selected")


def main():
    global BINARY
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", default=BINARY)
    parser.add_argument("--screenshot", help="also save the README's screenshot of the client to this path")
    arguments, rest = parser.parse_known_args()
    BINARY = os.path.abspath(arguments.binary)
    if arguments.screenshot:
        os.environ["WEB_CLIENT_SCREENSHOT"] = os.path.abspath(arguments.screenshot)
    program = unittest.main(argv=[sys.argv[0], "-v"] + rest, exit=False)
    print("\nbrowser figures:")
    for name, value in FIGURES:
        print(f"  {name}: {value}")
    sys.exit(0 if program.result.wasSuccessful() else 1)


if __name__ == "__main__":
    main()
