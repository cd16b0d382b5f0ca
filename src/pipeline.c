/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * pipeline.c - a batch on several cores without reordering a row.
 *
 * The calling thread reads rows into chunks of CHUNK_ROWS (copying their
 * pass-through cells, which the reader's buffer would overwrite); worker
 * threads take filled chunks, handle each row into the chunk's own memory
 * streams (open_memstream, kept open and rewound so buffers are reused), and
 * mark it done; the calling thread writes done
 * chunks strictly in sequence and recycles their slots. NSLOTS chunks are in
 * flight at most, so memory stays bounded (a few MiB) whatever the input
 * length. One mutex and one condition variable guard the slot states.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#endif
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pipeline.h"
#include "signals.h"

/* 256 rows of 1760 bytes: a chunk's rows stay in a core's cache between
 * the reader's reset and parse, the computation and the formatting (at
 * 1024, 1.8 MB, a 1e6-row cl batch took ~4 % more CPU time on one core) */
#define CHUNK_ROWS 256
/* pass-through cell pointers a chunk may hold: a file of many columns gets
 * fewer rows a chunk (1 at 65,536 columns), so that its memory does not
 * grow with the columns times 256 rows times the slots */
#define CHUNK_CELLS 65536
#define NSLOTS 6
#define MAX_WORKERS 16

enum slot_state { SLOT_FREE, SLOT_FILLED, SLOT_BUSY, SLOT_DONE };

struct slot {
	enum slot_state state;
	long seq;
	int nrows;
	struct row rows[CHUNK_ROWS];
	char *cells;              /* pass-through cells, NUL-separated */
	size_t cells_len, cells_cap;
	const char **extra;       /* chunk_rows * nextra pointers into cells */
	FILE *out_fp, *err_fp;    /* memory streams over out and err */
	char *out, *err;          /* handled output and messages */
	size_t out_len, err_len;
	int status;
	int cut;                  /* a signal came while its rows ran: not written */
};

struct pipeline {
	pthread_mutex_t lock;
	pthread_cond_t changed;
	struct slot *slot;
	int nslots;               /* NSLOTS with worker threads, 1 inline */
	int finished;             /* no more chunks will be filled */
	size_t nextra;
	int chunk_rows;           /* rows a chunk holds: CHUNK_ROWS, fewer for wide files */
	row_handler handle;
	const void *ctx;
	int failed;               /* a worker could not allocate */
	const volatile sig_atomic_t *stop; /* a signal asks the run to end */
	FILE *out;                /* the output, flushed before this thread computes */
	/* the calling thread's own state */
	pthread_t tid[MAX_WORKERS];
	int started;              /* worker threads running */
	size_t *offs;             /* cell offsets of a chunk being filled */
	long next_fill, next_write; /* sequence numbers of chunks */
	int eof, status, read_error, write_error, mem_error;
};

/*
 * Handle every row of a slot into its memory streams, which stay open from
 * chunk to chunk (rewound after each write) so their buffers are reused.
 */
static int handle_slot(struct pipeline *p, struct slot *s)
{
	if (!s->out_fp)
		s->out_fp = open_memstream(&s->out, &s->out_len);
	if (!s->err_fp)
		s->err_fp = open_memstream(&s->err, &s->err_len);
	if (!s->out_fp || !s->err_fp)
		return -1;
	s->status = 0;
	s->cut = 0;
	for (int i = 0; i < s->nrows; i++) {
		if (p->stop && *p->stop) { /* the rest of the chunk is not wanted */
			s->cut = 1;
			break;
		}
		/* the file's first row begins the output; a text record after it
		   is parted from the one before */
		s->rows[i].after_row = s->seq > 0 || i > 0;
		int st = p->handle(&s->rows[i], s->out_fp, s->err_fp, p->ctx);
		if (st > s->status)
			s->status = st;
	}
	/* fflush publishes out/out_len: the bytes written since the rewind */
	int bad = fflush(s->out_fp) != 0;
	bad |= fflush(s->err_fp) != 0;
	return bad ? -1 : 0;
}

static void *worker(void *arg)
{
	struct pipeline *p = arg;
	pthread_mutex_lock(&p->lock);
	for (;;) {
		struct slot *pick = NULL;
		for (int i = 0; i < NSLOTS; i++)
			if (p->slot[i].state == SLOT_FILLED && (!pick || p->slot[i].seq < pick->seq))
				pick = &p->slot[i];
		if (!pick) {
			if (p->finished)
				break;
			pthread_cond_wait(&p->changed, &p->lock);
			continue;
		}
		pick->state = SLOT_BUSY;
		pthread_mutex_unlock(&p->lock);
		int rc = handle_slot(p, pick);
		pthread_mutex_lock(&p->lock);
		if (rc)
			p->failed = 1;
		pick->state = SLOT_DONE;
		pthread_cond_broadcast(&p->changed);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

/* Keep a copy of this row's pass-through cells in the slot. */
static int keep_cells(struct pipeline *p, struct slot *s, const struct row *r, size_t *offs)
{
	for (size_t i = 0; i < p->nextra; i++) {
		const char *c = r->extra ? r->extra[i] : "";
		size_t n = strlen(c) + 1;
		if (s->cells_len + n > s->cells_cap) {
			size_t cap = s->cells_cap ? s->cells_cap : 4096;
			while (cap < s->cells_len + n)
				cap *= 2;
			char *q = realloc(s->cells, cap);
			if (!q)
				return -1;
			s->cells = q;
			s->cells_cap = cap;
		}
		memcpy(s->cells + s->cells_len, c, n);
		offs[i] = s->cells_len;
		s->cells_len += n;
	}
	return 0;
}

/* Fill a slot with up to chunk_rows rows; returns the count, -1 on error. */
static int fill_slot(struct pipeline *p, struct slot *s, struct batch *b,
                     const struct row_input *base, size_t *offs, int *read_error)
{
	s->nrows = 0;
	s->cells_len = 0;
	while (s->nrows < p->chunk_rows) {
		struct row *r = &s->rows[s->nrows];
		int rc = batch_next(b, base, r);
		if (rc < 0 && !b->csv.interrupted)
			*read_error = 1; /* an interrupted read is the end of the input */
		if (rc <= 0)
			break;
		if (keep_cells(p, s, r, offs + (size_t)s->nrows * p->nextra))
			return -1;
		s->nrows++;
	}
	for (int i = 0; i < s->nrows; i++) {
		for (size_t k = 0; k < p->nextra; k++)
			s->extra[(size_t)i * p->nextra + k] =
				s->cells + offs[(size_t)i * p->nextra + k];
		s->rows[i].extra = p->nextra ? s->extra + (size_t)i * p->nextra : NULL;
	}
	return s->nrows;
}

static int write_slot(struct slot *s, FILE *out, FILE *err)
{
	if (s->err_len)
		fwrite(s->err, 1, s->err_len, err);
	if (s->out_len)
		fwrite(s->out, 1, s->out_len, out);
	if (s->out_fp)
		rewind(s->out_fp);
	if (s->err_fp)
		rewind(s->err_fp);
	s->out_len = s->err_len = 0;
	return ferror(out) ? -1 : 0;
}

/*
 * Set up: the slots (NSLOTS with worker threads, 1 inline), the offsets
 * buffer, and up to `workers` threads. Returns 0, or -1 after a memory
 * error (the caller still calls pipeline_stop()).
 */
static int pipeline_start(struct pipeline *p, struct batch *b, row_handler handle,
                          const void *ctx, int workers)
{
	memset(p, 0, sizeof *p);
	p->nextra = b->nextra;
	p->handle = handle;
	p->ctx = ctx;
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->changed, NULL);
	if (workers > MAX_WORKERS)
		workers = MAX_WORKERS;
	p->nslots = workers > 0 ? NSLOTS : 1;
	p->slot = calloc(NSLOTS, sizeof *p->slot);
	size_t fit = CHUNK_CELLS / (p->nextra + 1);
	p->chunk_rows = fit < 1 ? 1 : fit > CHUNK_ROWS ? CHUNK_ROWS : (int)fit;
	p->offs = calloc((size_t)p->chunk_rows * (p->nextra + 1), sizeof *p->offs);
	if (!p->slot || !p->offs)
		return -1;
	for (int i = 0; i < p->nslots; i++) {
		p->slot[i].extra = calloc((size_t)p->chunk_rows * (p->nextra + 1), sizeof(char *));
		if (!p->slot[i].extra)
			return -1;
	}
	/* The workers block the signals that stop a batch, so that they reach
	 * this thread (which reads, and may be blocked reading). */
	sigset_t block, old;
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &block, &old);
	for (; p->started < workers; p->started++)
		if (pthread_create(&p->tid[p->started], NULL, worker, p) != 0)
			break;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (workers > 0 && p->started == 0)
		p->nslots = 1; /* no thread could start: work inline */
	return 0;
}

/* Write every done chunk that is next in sequence (called with the lock held). */
static void write_done_chunks(struct pipeline *p, FILE *out, FILE *err)
{
	for (;;) {
		struct slot *w = &p->slot[p->next_write % p->nslots];
		if (p->next_write >= p->next_fill || w->state != SLOT_DONE || w->cut)
			return; /* (a chunk cut by a signal: nothing after it is written) */
		pthread_mutex_unlock(&p->lock);
		if (w->status > p->status)
			p->status = w->status;
		p->write_error |= write_slot(w, out, err);
		pthread_mutex_lock(&p->lock);
		w->state = SLOT_FREE;
		p->next_write++;
	}
}

/*
 * The next slot to fill is not free (or there is nothing more to fill):
 * handle the oldest filled chunk no worker has taken, here, so that this
 * thread computes too instead of idling; else wait for a change (called
 * with the lock held).
 */
static void handle_inline_or_wait(struct pipeline *p)
{
	struct slot *f = NULL;
	for (int i = 0; i < p->nslots; i++)
		if (p->slot[i].state == SLOT_FILLED && (!f || p->slot[i].seq < f->seq))
			f = &p->slot[i];
	if (f) {
		f->state = SLOT_BUSY;
		pthread_mutex_unlock(&p->lock);
		/* with the chunks before it written out, a signal while this thread
		 * computes (a row may take seconds) ends the run at once */
		if (p->out && p->stop)
			fflush(p->out);
		die_at_once = p->stop != NULL;
		int rc = handle_slot(p, f);
		die_at_once = 0;
		pthread_mutex_lock(&p->lock);
		p->mem_error |= rc != 0;
		f->state = SLOT_DONE;
	} else {
		/* a bounded wait: a signal is seen at once, whatever the workers do */
		struct timespec t;
		clock_gettime(CLOCK_REALTIME, &t);
		t.tv_nsec += 50000000;
		if (t.tv_nsec >= 1000000000) {
			t.tv_sec++;
			t.tv_nsec -= 1000000000;
		}
		pthread_cond_timedwait(&p->changed, &p->lock, &t);
	}
}

/* Read the next chunk of rows into the free slot f and hand it to the workers. */
static void fill_next(struct pipeline *p, struct slot *f, struct batch *b,
                      const struct row_input *base)
{
	int n = fill_slot(p, f, b, base, p->offs, &p->read_error);
	if (n < 0) {
		p->mem_error = 1;
		n = 0;
	}
	if (n < p->chunk_rows)
		p->eof = 1;
	if (n > 0) {
		pthread_mutex_lock(&p->lock);
		f->seq = p->next_fill++;
		f->state = SLOT_FILLED;
		pthread_cond_broadcast(&p->changed);
		pthread_mutex_unlock(&p->lock);
	}
}

int pipeline_cpus(void)
{
#ifdef CPU_COUNT
	cpu_set_t set;
	if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
		return CPU_COUNT(&set);
#endif
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (int)n : 1;
}

/* Join the workers, free everything, and report what went wrong on err. */
static int pipeline_stop(struct pipeline *p, struct batch *b, FILE *err)
{
	for (int i = 0; i < p->started; i++)
		pthread_join(p->tid[i], NULL);
	pthread_mutex_destroy(&p->lock);
	pthread_cond_destroy(&p->changed);
	for (int i = 0; p->slot && i < NSLOTS; i++) {
		if (p->slot[i].out_fp)
			fclose(p->slot[i].out_fp);
		if (p->slot[i].err_fp)
			fclose(p->slot[i].err_fp);
		free(p->slot[i].cells);
		free(p->slot[i].extra);
		free(p->slot[i].out);
		free(p->slot[i].err);
	}
	free(p->slot);
	free(p->offs);
	int status = p->status;
	if (p->read_error) {
		fprintf(err, "bercl: %s:%ld: read error: %s\n", b->name, b->csv.line,
		        strerror(b->csv.error));
		if (status < 2)
			status = 2;
	}
	if (p->mem_error || p->failed) {
		fprintf(err, "bercl: out of memory\n");
		status = 3;
	}
	if (p->write_error)
		status = 3; /* the caller reports it: ferror(out) stays set */
	return status;
}

/*
 * The calling thread's loop: write what is done (in sequence), stop when
 * everything read is written, else fill the next free slot with rows, or
 * wait (or, without threads, handle a chunk) while none is free.
 */
int pipeline_run(struct batch *b, const struct row_input *base, row_handler handle,
                 const void *ctx, FILE *out, FILE *err, int workers,
                 const volatile sig_atomic_t *stop)
{
	struct pipeline p;
	if (pipeline_start(&p, b, handle, ctx, workers) != 0)
		p.mem_error = 1;
	p.eof = p.mem_error;
	p.stop = stop;
	p.out = out;
	for (;;) {
		pthread_mutex_lock(&p.lock);
		write_done_chunks(&p, out, err);
		if (stop && *stop) {
			/* interrupted: the chunks done in sequence are written, whole;
			 * die of the signal now, from here, so that the workers' rows
			 * in flight (nothing of theirs was written) end with the
			 * process while this frame, which they use, still stands */
			pthread_mutex_unlock(&p.lock);
			die_if_interrupted();
			return PIPELINE_INTERRUPTED; /* a stop flag that is not a signal's */
		}
		int stopping = p.eof || p.write_error;
		if (stopping && p.next_write == p.next_fill) {
			p.finished = 1;
			pthread_cond_broadcast(&p.changed);
			pthread_mutex_unlock(&p.lock);
			break;
		}
		struct slot *f = &p.slot[p.next_fill % p.nslots];
		if (stopping || f->state != SLOT_FREE) {
			handle_inline_or_wait(&p);
			pthread_mutex_unlock(&p.lock);
			continue;
		}
		pthread_mutex_unlock(&p.lock);
		fill_next(&p, f, b, base);
	}
	return pipeline_stop(&p, b, err);
}
