#!/usr/bin/env python3
"""A loopback TSA over HTTP for the CLI tests (RFC 3161 section 3.4).

tsa_http.py [--host ADDRESS] [--status N] [--content-type TYPE] [--delay SECONDS]
            [--chunked] [--no-length] -- COMMAND [ARG...]

Binds 127.0.0.1 (or --host, ::1 for IPv6) on a free port and prints the port on the first line of standard output.
For each POST it runs COMMAND (no shell) with the request body on standard input and
replies with its standard output, as application/timestamp-reply unless --content-type
says otherwise, with status 200 unless --status does. --delay waits before replying (for
a client's timeout), --chunked sends the body in chunked transfer coding, --no-length
sends it without Content-Length and ends it by closing. Runs until killed.
"""

import argparse
import http.server
import socket
import subprocess
import sys
import time


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--status", type=int, default=200)
    p.add_argument("--content-type", default="application/timestamp-reply")
    p.add_argument("--delay", type=float, default=0.0)
    p.add_argument("--chunked", action="store_true")
    p.add_argument("--no-length", action="store_true")
    p.add_argument("command", nargs=argparse.REMAINDER)
    args = p.parse_args()
    if args.command and args.command[0] == "--":
        args.command = args.command[1:]
    if not args.command:
        p.error("a COMMAND to answer the requests is required")
    return args


def make_handler(args):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self):
            length = int(self.headers.get("Content-Length", "0"))
            query = self.rfile.read(length)
            run = subprocess.run(args.command, input=query, stdout=subprocess.PIPE, check=False)
            if args.delay:
                time.sleep(args.delay)
            self.send_response(args.status)
            self.send_header("Content-Type", args.content_type)
            self.send_header("Connection", "close")
            if args.chunked:
                self.send_header("Transfer-Encoding", "chunked")
            elif not args.no_length:
                self.send_header("Content-Length", str(len(run.stdout)))
            self.end_headers()
            if args.chunked:
                # Uneven pieces, so a chunk boundary falls inside the DER's headers.
                body, step = run.stdout, 7
                while body:
                    piece, body = body[:step], body[step:]
                    self.wfile.write(b"%x;ext=1\r\n%s\r\n" % (len(piece), piece))
                    step = step * 3 + 1
                self.wfile.write(b"0\r\nX-Trailer: ignored\r\n\r\n")
            else:
                self.wfile.write(run.stdout)
            self.close_connection = True

        def log_message(self, format, *log_args):
            sys.stderr.write("tsa_http: " + (format % log_args) + "\n")

    return Handler


def main():
    args = parse_args()
    class Server(http.server.ThreadingHTTPServer):
        address_family = socket.AF_INET6 if ":" in args.host else socket.AF_INET

    server = Server((args.host, 0), make_handler(args))
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
