"""What the client checks (tools/browser/viewer_test.py, tools/wms/owslib_check.py,
tools/wms/qgis_check.py) share: starting and stopping `graticule serve` (the server binds a free
port and prints its URL, which is read from its standard output), and reporting each check."""
import contextlib, os, re, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
failures = []


def check(name, ok, detail=""):
    """Prints one check's outcome; a failed one is counted."""
    print(f"{'ok  ' if ok else 'FAIL'} {name}{': ' + detail if detail else ''}", flush=True)
    if not ok:
        failures.append(name)


def run_checks(body, *serve_args):
    """Serves the binary named on the command line (else the debug build) with `serve_args`, calls
    body(url, binary), prints the failures and exits with status 1 when there were any."""
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/graticule")
    with served(binary, *serve_args) as url:
        body(url, binary)
    print(f"{len(failures)} failure(s)" + (": " + ", ".join(failures) if failures else ""))
    sys.exit(1 if failures else 0)


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
