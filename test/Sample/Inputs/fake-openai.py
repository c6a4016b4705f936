#!/usr/bin/env python3
"""A fake OpenAI-compatible server for kb-sample-server's tests (loopback only).

    fake-openai.py --script SCRIPT.json --port-file FILE [--log FILE] [--lifetime S] -- CMD ARG...

Serves on 127.0.0.1 at a port the OS chooses, writes the port to FILE, runs CMD with every
`{PORT}` in its arguments replaced by the port (stdin and stdout pass through), stops, and exits
with CMD's status. The server stops by itself after --lifetime seconds (default 60) in any case.

The script is {"responses": [R, ...]}: the i-th request gets the i-th response, the last one
repeats. R: {"status": 200, "body": JSON} or {"status": 500, "raw": "text"}; "headers": {NAME:
VALUE} adds headers, and "delay": S sleeps S seconds before answering (a response that does not
come in time). Each request is logged as one line: "POST PATH model=M n=N logprobs=L
auth=yes|no waited=S", S the whole seconds since the previous request (0 for the first).
"""
import argparse
import http.server
import json
import subprocess
import sys
import threading
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--script", required=True)
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log")
    parser.add_argument("--lifetime", type=float, default=60)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    with open(args.script) as f:
        responses = json.load(f)["responses"]
    lock = threading.Lock()
    count = [0]
    last = [None]
    log = open(args.log, "w") if args.log else None

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *a):
            pass

        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            try:
                request = json.loads(body)
            except ValueError:
                request = {}
            with lock:
                i = count[0]
                count[0] += 1
                now = time.monotonic()
                waited = 0 if last[0] is None else int(now - last[0])
                last[0] = now
                if log:
                    log.write("POST %s model=%s n=%s logprobs=%s auth=%s waited=%d\n" % (
                        self.path, request.get("model"), request.get("n"),
                        json.dumps(request.get("logprobs")),
                        "yes" if self.headers.get("Authorization") else "no", waited))
                    log.flush()
            response = responses[min(i, len(responses) - 1)]
            if response.get("delay"):
                time.sleep(response["delay"])
            if "raw" in response:
                data = response["raw"].encode()
            else:
                data = json.dumps(response.get("body", {})).encode()
            try:
                self.send_response(response.get("status", 200))
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for name, value in response.get("headers", {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    port = server.server_address[1]
    with open(args.port_file, "w") as f:
        f.write("%d\n" % port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    stopper = threading.Timer(args.lifetime, server.shutdown)
    stopper.daemon = True
    stopper.start()

    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        time.sleep(args.lifetime)
        return 0
    try:
        status = subprocess.call([a.replace("{PORT}", str(port)) for a in command],
                                 timeout=args.lifetime)
    except subprocess.TimeoutExpired:
        status = 124
    server.shutdown()
    server.server_close()
    return status


if __name__ == "__main__":
    sys.exit(main())
