#!/usr/bin/env python3
"""Plays the person at the browser for Trestle's sign-in tests (standard
library only). Logs `ann` in with a session cookie, then:

  browser.py URL             the authorize URL Trestle opened: GET it (the
                             client skips consent) and follow the redirect
                             to Trestle's loopback port
  browser.py --device CODE ORIGIN
                             enter the user code at ORIGIN/o/device/ and accept

Writes what it did to stderr; exits 1 when a step fails."""
import http.cookiejar
import re
import sys
import urllib.error
import urllib.parse
import urllib.request


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def opener(follow=True):
    handlers = [urllib.request.HTTPCookieProcessor(JAR)]
    if not follow:
        handlers.append(NoRedirect())
    return urllib.request.build_opener(*handlers)


JAR = http.cookiejar.CookieJar()


def log_in(origin):
    form = urllib.parse.urlencode({"username": "ann", "password": "ann-password"}).encode()
    opener().open(origin + "/login/", data=form, timeout=10).read()


def csrf(html):
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    return found.group(1) if found else ""


def post_form(url, fields):
    page = opener().open(url, timeout=10).read().decode()
    fields = dict(fields, csrfmiddlewaretoken=csrf(page))
    request = urllib.request.Request(url, data=urllib.parse.urlencode(fields).encode(), headers={"Referer": url})
    return opener().open(request, timeout=10)


def authorize(url):
    parts = urllib.parse.urlsplit(url)
    origin = f"{parts.scheme}://{parts.netloc}"
    log_in(origin)
    try:
        answer = opener(follow=False).open(url, timeout=10)
        sys.stderr.write(f"authorize answered {answer.status} without a redirect\n")
        return 1
    except urllib.error.HTTPError as error:
        if error.code not in (301, 302, 303, 307):
            sys.stderr.write(f"authorize answered {error.code}\n")
            return 1
        location = error.headers["Location"]
    sys.stderr.write(f"redirected to {location.split('?')[0]}\n")
    urllib.request.urlopen(location, timeout=10).read()
    return 0


def device(code, origin):
    log_in(origin)
    answer = post_form(origin + "/o/device/", {"user_code": code})
    confirm = answer.geturl()
    post_form(confirm, {"action": "accept"}).read()
    sys.stderr.write(f"accepted {code}\n")
    return 0


if __name__ == "__main__":
    if sys.argv[1] == "--device":
        sys.exit(device(sys.argv[2], sys.argv[3]))
    sys.exit(authorize(sys.argv[1]))
