// wsload: a small C load generator for Octoreact's /live/signup WebSocket (measurement 2).
//
// One thread, epoll, no dependencies: cc -O2 -o /tmp/wsload Benchmarks/ServerLoad/wsload.c
//
//   wsload PORT SESSIONS RATE JITTER WARMUP_S DURATION_S [ENGINE]
//
// Opens SESSIONS WebSockets to 127.0.0.1:PORT/live/signup?engine=ENGINE (64 handshakes in flight at
// most), waits for each first state message, prints "READY <n>" on stdout, then every session sends
// passwordChanged events on an open-loop schedule: intervals uniform in [(1-JITTER)/RATE,
// (1+JITTER)/RATE], alternating "abc" and "abcdef" so that each event changes the state. Each state
// message is matched to the oldest unanswered event of its session whose password tone it shows
// (failure for "abc", success for "abcdef"; repeats of a state count as extra_states) and the round
// trip is recorded (CLOCK_MONOTONIC, read right after the read() that returned it). WARMUP_S seconds are run but not
// counted; then DURATION_S seconds are measured; then a drain of at most 3 s. Prints one JSON object.
//
// Bounded: it exits by itself after WARMUP_S + DURATION_S + 3 s (plus at most 120 s to connect).
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define RING 64
#define RBUF 16384

typedef struct {
  int fd;
  int state;  // 0 connecting, 1 handshake sent, 2 upgraded (waiting for first state), 3 ready, 4 closed
  size_t rlen;
  unsigned char rbuf[RBUF];
  double sent_at[RING];
  unsigned head, tail;  // ring of unanswered send times
  unsigned long sent, states, errors, unsolicited, answered;
  unsigned k;
  double next;
} Conn;

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t rnd(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}
static double urand(void) { return (rnd() >> 11) * (1.0 / 9007199254740992.0); }

static Conn *conns;
static int nconns, port, epfd;
static const char *engine = "reactor";
static double *lat;
static size_t nlat, caplat;
static int measuring;
static unsigned long ready_count, failed, superseded;

static int send_frame(Conn *c, int opcode, const unsigned char *payload, size_t n) {
  unsigned char frame[256];
  if (n > 125) return -1;
  frame[0] = 0x80 | opcode;
  frame[1] = 0x80 | (unsigned char)n;
  uint32_t key = (uint32_t)rnd();
  memcpy(frame + 2, &key, 4);
  for (size_t i = 0; i < n; i++) frame[6 + i] = payload[i] ^ frame[2 + (i & 3)];
  ssize_t w = write(c->fd, frame, 6 + n);
  return w == (ssize_t)(6 + n) ? 0 : -1;
}

static void close_conn(Conn *c) {
  if (c->state == 4) return;
  epoll_ctl(epfd, EPOLL_CTL_DEL, c->fd, NULL);
  close(c->fd);
  c->state = 4;
}

// The password tone of a state message: 'f' (failure, "abc"), 's' (success, "abcdef"), 'n', or 0.
static char password_tone(const unsigned char *p, size_t n) {
  const unsigned char *f = memmem(p, n, "\"password\":{", 12);
  if (!f) return 0;
  const unsigned char *tone = memmem(f, n - (size_t)(f - p), "\"tone\":\"", 8);
  return tone && tone + 8 < p + n ? (char)tone[8] : 0;
}

// Event k (0-based) sends "abc" when k is even, "abcdef" when odd: the state it causes has this tone.
static char expected_tone(unsigned long k) { return (k & 1) ? 's' : 'f'; }

static void on_message(Conn *c, const unsigned char *p, size_t n, double t) {
  if (memmem(p, n, "\"type\":\"state\"", 14)) {
    c->states++;
    if (c->state == 2) {
      c->state = 3;
      ready_count++;
      return;
    }
    // A state answers the oldest unanswered event whose password tone it shows. mvvm and driver
    // send a repeat of a state (same content) for some events: those count as extra. Should a
    // state answer the second-oldest event, the oldest one's own state never came (coalesced):
    // it counts as superseded.
    char tone = password_tone(p, n);
    unsigned pending = c->head - c->tail;
    if (pending && tone == expected_tone(c->answered)) {
      double s = c->sent_at[c->tail++ % RING];
      c->answered++;
      if (measuring && nlat < caplat) lat[nlat++] = t - s;
    } else if (pending >= 2 && tone == expected_tone(c->answered + 1)) {
      c->tail++;
      c->answered++;
      superseded++;
      double s = c->sent_at[c->tail++ % RING];
      c->answered++;
      if (measuring && nlat < caplat) lat[nlat++] = t - s;
    } else {
      c->unsolicited++;
    }
  } else if (memmem(p, n, "\"type\":\"error\"", 14)) {
    c->errors++;
    if (c->head != c->tail) { c->tail++; c->answered++; }
  }
}

static void parse(Conn *c, double t) {
  size_t pos = 0;
  if (c->state == 1) {
    unsigned char *end = memmem(c->rbuf, c->rlen, "\r\n\r\n", 4);
    if (!end) return;
    if (c->rlen < 12 || memcmp(c->rbuf + 9, "101", 3) != 0) {
      failed++;
      close_conn(c);
      return;
    }
    pos = (size_t)(end - c->rbuf) + 4;
    c->state = 2;
  }
  while (c->rlen - pos >= 2) {
    unsigned char b0 = c->rbuf[pos], b1 = c->rbuf[pos + 1];
    size_t len = b1 & 0x7F, hdr = 2;
    if (len == 126) {
      if (c->rlen - pos < 4) break;
      len = ((size_t)c->rbuf[pos + 2] << 8) | c->rbuf[pos + 3];
      hdr = 4;
    } else if (len == 127) {
      if (c->rlen - pos < 10) break;
      len = 0;
      for (int i = 0; i < 8; i++) len = (len << 8) | c->rbuf[pos + 2 + i];
      hdr = 10;
    }
    if (b1 & 0x80) hdr += 4;  // servers do not mask; tolerated anyway (payload left masked)
    if (c->rlen - pos < hdr + len) break;
    unsigned char *p = c->rbuf + pos + hdr;
    int opcode = b0 & 0x0F;
    if (opcode == 0x9) send_frame(c, 0xA, p, len > 125 ? 125 : len);  // ping -> pong
    else if (opcode == 0x8) { close_conn(c); return; }
    else if (opcode == 0x1 || opcode == 0x0) on_message(c, p, len, t);  // unfragmented in practice
    pos += hdr + len;
  }
  memmove(c->rbuf, c->rbuf + pos, c->rlen - pos);
  c->rlen -= pos;
}

static void on_readable(Conn *c) {
  for (;;) {
    if (c->rlen == RBUF) { failed++; close_conn(c); return; }
    ssize_t r = read(c->fd, c->rbuf + c->rlen, RBUF - c->rlen);
    double t = now_s();
    if (r > 0) {
      c->rlen += (size_t)r;
      parse(c, t);
      if (c->state == 4) return;
      if ((size_t)r < RBUF) return;
    } else if (r == 0) {
      close_conn(c);
      return;
    } else {
      if (errno != EAGAIN && errno != EINTR) close_conn(c);
      return;
    }
  }
}

static void start_handshake(Conn *c) {
  char req[512];
  static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  char key[25];
  for (int i = 0; i < 21; i++) key[i] = b64[rnd() & 63];
  key[21] = 'A'; key[22] = '='; key[23] = '='; key[24] = 0;  // 16 bytes' worth, base64 shaped
  key[21] = b64[(rnd() & 3) << 4];
  int n = snprintf(req, sizeof req,
                   "GET /live/signup?engine=%s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\n"
                   "Connection: Upgrade\r\nSec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n",
                   engine, port, key);
  if (write(c->fd, req, n) != n) { failed++; close_conn(c); return; }
  c->state = 1;
}

static int open_conn(Conn *c) {
  c->fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  if (c->fd < 0) return -1;
  int one = 1;
  setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(port)};
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(c->fd, (struct sockaddr *)&a, sizeof a) < 0 && errno != EINPROGRESS) return -1;
  c->state = 0;
  struct epoll_event ev = {.events = EPOLLIN | EPOLLOUT, .data.ptr = c};
  return epoll_ctl(epfd, EPOLL_CTL_ADD, c->fd, &ev);
}

static void handle_event(struct epoll_event *ev) {
  Conn *c = ev->data.ptr;
  if (c->state == 0 && (ev->events & (EPOLLOUT | EPOLLERR | EPOLLHUP))) {
    int err = 0;
    socklen_t l = sizeof err;
    getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &l);
    if (err) { failed++; close_conn(c); return; }
    struct epoll_event mod = {.events = EPOLLIN, .data.ptr = c};
    epoll_ctl(epfd, EPOLL_CTL_MOD, c->fd, &mod);
    start_handshake(c);
  }
  if (c->state != 4 && (ev->events & (EPOLLIN | EPOLLHUP | EPOLLERR))) on_readable(c);
}

// A binary min-heap of sessions by next send time.
static int *heap;
static int heap_n;
static void heap_push(int i) {
  int pos = heap_n++;
  while (pos > 0) {
    int parent = (pos - 1) / 2;
    if (conns[heap[parent]].next <= conns[i].next) break;
    heap[pos] = heap[parent];
    pos = parent;
  }
  heap[pos] = i;
}
static int heap_pop(void) {
  int top = heap[0], last = heap[--heap_n], pos = 0;
  for (;;) {
    int child = 2 * pos + 1;
    if (child >= heap_n) break;
    if (child + 1 < heap_n && conns[heap[child + 1]].next < conns[heap[child]].next) child++;
    if (conns[last].next <= conns[heap[child]].next) break;
    heap[pos] = heap[child];
    pos = child;
  }
  if (heap_n > 0) heap[pos] = last;
  return top;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}
static double pct(double p) {
  if (!nlat) return 0;
  double k = (nlat - 1) * p / 100.0;
  size_t lo = (size_t)k, hi = lo + 1 < nlat ? lo + 1 : lo;
  return (lat[lo] + (lat[hi] - lat[lo]) * (k - lo)) * 1000;
}

static double cpu_s(void) {
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

int main(int argc, char **argv) {
  if (argc < 7) {
    fprintf(stderr, "usage: %s PORT SESSIONS RATE JITTER WARMUP_S DURATION_S [ENGINE]\n", argv[0]);
    return 2;
  }
  port = atoi(argv[1]);
  nconns = atoi(argv[2]);
  double rate = atof(argv[3]), jitter = atof(argv[4]), warmup = atof(argv[5]), duration = atof(argv[6]);
  if (argc > 7) engine = argv[7];
  if (duration > 300) duration = 300;
  if (warmup > 60) warmup = 60;
  struct rlimit rl;
  getrlimit(RLIMIT_NOFILE, &rl);
  rl.rlim_cur = rl.rlim_max;
  setrlimit(RLIMIT_NOFILE, &rl);
  rng_state ^= (uint64_t)getpid() << 32 ^ (uint64_t)(now_s() * 1e9);

  conns = calloc(nconns, sizeof *conns);
  heap = calloc(nconns, sizeof *heap);
  caplat = (size_t)(nconns * rate * duration * 1.5) + 1024;
  lat = malloc(caplat * sizeof *lat);
  epfd = epoll_create1(0);
  struct epoll_event evs[256];

  // Connect, at most 64 handshakes in flight, within 120 s.
  int next_open = 0;
  double deadline = now_s() + 120;
  while ((ready_count + failed) < (unsigned long)nconns && now_s() < deadline) {
    while (next_open < nconns && (long)next_open - (long)(ready_count + failed) < 64) {
      if (open_conn(&conns[next_open]) < 0) { failed++; conns[next_open].state = 4; }
      next_open++;
    }
    int n = epoll_wait(epfd, evs, 256, 100);
    for (int i = 0; i < n; i++) handle_event(&evs[i]);
  }
  printf("READY %lu\n", ready_count);
  fflush(stdout);
  if (ready_count == 0) return 1;

  double lo = (1 - jitter) / rate, hi = (1 + jitter) / rate;
  double start = now_s(), measure_from = start + warmup, stop_at = measure_from + duration;
  for (int i = 0; i < nconns; i++)
    if (conns[i].state == 3) { conns[i].next = start + urand() / rate; heap_push(i); }

  double lateness_max = 0, lateness_sum = 0, cpu0 = 0, cpu1 = 0;
  unsigned long lateness_n = 0, late_1ms = 0, sent_measured = 0, errors0 = 0;
  size_t cap_late = caplat;
  double *late = malloc(cap_late * sizeof *late);
  for (;;) {
    double t = now_s();
    if (!measuring && t >= measure_from) {
      measuring = 1;
      nlat = 0;
      cpu0 = cpu_s();
      for (int i = 0; i < nconns; i++) errors0 += conns[i].errors;
    }
    if (t >= stop_at) break;
    while (heap_n && conns[heap[0]].next <= t) {
      int i = heap_pop();
      Conn *c = &conns[i];
      if (c->state != 3) continue;
      if (measuring) {
        double l = t - c->next;
        lateness_sum += l;
        if (l > lateness_max) lateness_max = l;
        if (l > 0.001) late_1ms++;
        if (lateness_n < cap_late) late[lateness_n] = l;
        lateness_n++;
        sent_measured++;
      }
      static const char *values[2] = {"{\"type\":\"passwordChanged\",\"value\":\"abc\"}",
                                      "{\"type\":\"passwordChanged\",\"value\":\"abcdef\"}"};
      const char *v = values[c->k++ & 1];
      if (c->head - c->tail == RING) { c->tail++; c->answered++; superseded++; }  // 64 behind: give up the oldest
      c->sent_at[c->head++ % RING] = now_s();
      if (send_frame(c, 1, (const unsigned char *)v, strlen(v)) < 0) { failed++; close_conn(c); continue; }
      c->sent++;
      c->next += lo + (hi - lo) * urand();
      heap_push(i);
    }
    double wait = heap_n ? conns[heap[0]].next - now_s() : 0.05;
    if (wait > stop_at - now_s()) wait = stop_at - now_s();
    // Nanosecond timeout (epoll_pwait2, Linux 5.11+): no busy loop, no millisecond rounding.
    if (wait < 0) wait = 0;
    struct timespec ts = {.tv_sec = (time_t)wait, .tv_nsec = (long)((wait - (time_t)wait) * 1e9)};
    int n = epoll_pwait2(epfd, evs, 256, &ts, NULL);
    for (int i = 0; i < n; i++) handle_event(&evs[i]);
  }
  cpu1 = cpu_s();
  // Drain: up to 3 s for answers in flight (still counted: they were sent in the window).
  double drain_until = now_s() + 3;
  unsigned long outstanding;
  do {
    outstanding = 0;
    for (int i = 0; i < nconns; i++)
      if (conns[i].state == 3) outstanding += conns[i].head - conns[i].tail;
    if (!outstanding) break;
    int n = epoll_wait(epfd, evs, 256, 10);
    for (int i = 0; i < n; i++) handle_event(&evs[i]);
  } while (now_s() < drain_until);

  unsigned long alive = 0, errors = 0, unsolicited = 0;
  for (int i = 0; i < nconns; i++) {
    if (conns[i].state == 3) alive++;
    errors += conns[i].errors;
    unsolicited += conns[i].unsolicited;
  }
  qsort(lat, nlat, sizeof *lat, cmp_double);
  size_t nl = lateness_n < cap_late ? lateness_n : cap_late;
  qsort(late, nl, sizeof *late, cmp_double);
  double late_p99 = nl ? late[(size_t)((nl - 1) * 0.99)] * 1000 : 0;
  double mean = 0;
  for (size_t i = 0; i < nlat; i++) mean += lat[i];
  mean = nlat ? mean / nlat * 1000 : 0;
  printf("{\"sessions\": %lu, \"alive_at_end\": %lu, \"failed\": %lu, \"sent\": %lu, "
         "\"achieved_rate_per_s\": %.1f, \"answered\": %zu, \"unanswered_after_drain\": %lu, "
         "\"errors\": %lu, \"extra_states\": %lu, \"superseded_events\": %lu, "
         "\"round_trip\": {\"count\": %zu, \"mean_ms\": %.3f, \"p50_ms\": %.3f, \"p90_ms\": %.3f, "
         "\"p99_ms\": %.3f, \"p99_9_ms\": %.3f, \"max_ms\": %.3f}, "
         "\"client_send_lateness\": {\"mean_ms\": %.3f, \"p99_ms\": %.3f, \"max_ms\": %.3f, \"over_1ms\": %lu}, "
         "\"client_cpu_percent_of_one_core\": %.1f}\n",
         ready_count, alive, failed, sent_measured, sent_measured / duration, nlat, outstanding,
         errors - errors0, unsolicited, superseded, nlat, mean, pct(50), pct(90), pct(99), pct(99.9),
         nlat ? lat[nlat - 1] * 1000 : 0, lateness_n ? lateness_sum / lateness_n * 1000 : 0, late_p99,
         lateness_max * 1000, late_1ms, 100 * (cpu1 - cpu0) / duration);
  for (int i = 0; i < nconns; i++) close_conn(&conns[i]);
  return 0;
}
