// control_server: the floor for measurement 2. A one-thread epoll "server" that speaks just enough
// WebSocket for wsload: it answers any upgrade with 101, sends a canned state message, and answers
// every client frame with the same canned state message (the size of a real one). No JSON, no
// tasks: the round trips it gives are what this machine's loopback, scheduler and client cost alone.
//
//   cc -O2 -o /tmp/octoreact-control Benchmarks/ServerLoad/control_server.c
//   keystrokes.py --client c --binary /tmp/octoreact-control ...
//
// It takes (and ignores) octoreact's arguments and prints the same "running at" line, so the
// scripts can start it as if it were the server; asked for `--help`, it says what it is and exits,
// so a script that reads the server's options to choose its flags finds none. It stops on SIGTERM or SIGINT, or after an hour.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

typedef struct {
  int fd, upgraded;
  size_t len;
  unsigned char buf[8192];
} Conn;

static const char STATE[] =
    "{\"alert\":null,\"password\":{\"message\":\"Password must be at least 5 characters\",\"tone\":\"failure\"},"
    "\"repeatedPassword\":{\"message\":\"\",\"tone\":\"neutral\"},\"signingUp\":false,\"signupEnabled\":false,"
    "\"type\":\"state\",\"username\":{\"message\":\"\",\"tone\":\"neutral\"}}";
static unsigned char frame[512];
static size_t frame_len;
static volatile sig_atomic_t stop;

static void on_signal(int s) { (void)s; stop = 1; }

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0) {
      printf("control_server: a canned-reply WebSocket server; it takes no options\n");
      return 0;
    }
  }
  size_t n = strlen(STATE);
  frame[0] = 0x81;
  frame[1] = 126;
  frame[2] = (unsigned char)(n >> 8);
  frame[3] = (unsigned char)n;
  memcpy(frame + 4, STATE, n);
  frame_len = 4 + n;
  signal(SIGTERM, on_signal);
  signal(SIGINT, on_signal);
  signal(SIGPIPE, SIG_IGN);

  int lfd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0), one = 1;
  setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = 0};
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t al = sizeof a;
  if (bind(lfd, (struct sockaddr *)&a, sizeof a) < 0 || listen(lfd, 4096) < 0) return 1;
  getsockname(lfd, (struct sockaddr *)&a, &al);
  printf("Octoreact is running at http://127.0.0.1:%d  (control server)\n", ntohs(a.sin_port));
  fflush(stdout);

  int ep = epoll_create1(0);
  struct epoll_event ev = {.events = EPOLLIN, .data.ptr = NULL};
  epoll_ctl(ep, EPOLL_CTL_ADD, lfd, &ev);
  struct epoll_event evs[256];
  time_t deadline = time(NULL) + 3600;
  while (!stop && time(NULL) < deadline) {
    int k = epoll_wait(ep, evs, 256, 500);
    for (int i = 0; i < k; i++) {
      Conn *c = evs[i].data.ptr;
      if (!c) {
        int fd;
        while ((fd = accept4(lfd, NULL, NULL, SOCK_NONBLOCK)) >= 0) {
          setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
          Conn *nc = calloc(1, sizeof *nc);
          nc->fd = fd;
          struct epoll_event e = {.events = EPOLLIN, .data.ptr = nc};
          epoll_ctl(ep, EPOLL_CTL_ADD, fd, &e);
        }
        continue;
      }
      ssize_t r = read(c->fd, c->buf + c->len, sizeof c->buf - c->len);
      if (r <= 0) {
        if (r < 0 && errno == EAGAIN) continue;
        close(c->fd);
        free(c);
        continue;
      }
      c->len += (size_t)r;
      size_t pos = 0;
      if (!c->upgraded) {
        unsigned char *end = memmem(c->buf, c->len, "\r\n\r\n", 4);
        if (!end) continue;
        static const char ok[] = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                                 "Sec-WebSocket-Accept: unchecked\r\n\r\n";
        if (write(c->fd, ok, sizeof ok - 1) < 0 || write(c->fd, frame, frame_len) < 0) continue;
        c->upgraded = 1;
        pos = (size_t)(end - c->buf) + 4;
      }
      while (c->len - pos >= 6) {  // client frames: masked, short
        size_t plen = c->buf[pos + 1] & 0x7F, hdr = 6;
        if (plen == 126) { plen = ((size_t)c->buf[pos + 2] << 8) | c->buf[pos + 3]; hdr = 8; }
        if (c->len - pos < hdr + plen) break;
        int opcode = c->buf[pos] & 0x0F;
        pos += hdr + plen;
        if (opcode == 0x8) { close(c->fd); free(c); c = NULL; break; }
        if (opcode == 0x1 && write(c->fd, frame, frame_len) < 0) { /* client gone */ }
      }
      if (!c) continue;
      memmove(c->buf, c->buf + pos, c->len - pos);
      c->len -= pos;
    }
  }
  return 0;
}
