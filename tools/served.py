"""Starting and stopping `graticule serve` for the client checks (tools/browser/viewer_test.py,
tools/wms/owslib_check.py): the server binds a free port and prints its URL, which is read from
its standard output."""
import contextlib, re, subprocess, sys, time


@contextlib.contextmanager
def served(binary, *args):
    """Runs `binary serve --port 0 [args]`; yields its base URL (`http://127.0.0.1:PORT/`), then
    stops it (SIGTERM, SIGKILL after 10 s). Exits the script when no URL is printed in 60 s."""
    proc = subprocess.Popen([binary, "serve", "--port", "0", *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = None
    deadline = time.time() + 60
    while time.time() < deadline and url is None:
        m = re.search(r"(http://[0-9.:]+/)", proc.stdout.readline() or "")
        if m:
            url = m.group(1)
        elif proc.poll() is not None:
            break
    if url is None:
        proc.kill()
        sys.exit("the server did not print its URL")
    try:
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
