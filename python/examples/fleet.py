# SPDX-License-Identifier: GPL-3.0-or-later
"""A fleet of links on dask.distributed: every reading's cl, ber_upper and
FEC answers, lazily, on worker processes of a LocalCluster (loopback only).

Each reading is a row: port, lane, bits tested, errors seen (against the
specified BER 1e-12) and the pre-FEC BER the PHY reports. The answers are
bercl's friendly functions applied to each partition (a pandas DataFrame),
so that every value is the one `bercl ... -f csv` prints and a bad reading
is named by its row label. Nothing is computed until .compute().

    PYTHONPATH=python /usr/bin/python3 python/examples/fleet.py [ROWS] [WORKERS]

prints the seconds per million rows (the rows made, then answered) on the
cluster, the table brought back to this process included, and in one
process on one thread, and checks that both give the same table. Needs Debian's python3-dask and
python3-distributed (sh tools/deps.sh --dev).
"""
import sys
import time

import numpy as np
import pandas as pd

import bercl

SPEC_BER = 1e-12
CL = "95%"
CODE = "kp4"
COLUMNS = {"cl": "f8", "ber_upper": "f8", "ser": "f8", "cer": "f8", "post_fec_ber": "f8"}


def partition(i, rows, seed=20261205):
    """Rows [i * rows, (i + 1) * rows) of the fleet's readings, drawn from the
    partition's own seed (so that any worker makes the same rows)."""
    g = np.random.default_rng([seed, i])
    first = i * rows
    bits = np.floor(53.125e9 * g.uniform(1.0, 3600.0, rows))  # one lane, 1 s to 1 h
    errors = g.poisson(bits * 10 ** g.uniform(-14, -11, rows)).astype(np.int64)
    return pd.DataFrame({
        "port": (first + np.arange(rows)) // 8,
        "lane": (first + np.arange(rows)) % 8,
        "bits": bits,
        "errors": errors,
        "pre_fec_ber": 10 ** g.uniform(-8, -4, rows),
    }, index=pd.RangeIndex(first, first + rows))


def answers(readings):
    """bercl's answers for one partition: a pandas DataFrame of the same index."""
    fec = bercl.fec_rates(CODE, readings["pre_fec_ber"])
    return pd.DataFrame({
        "cl": bercl.cl(readings["errors"], readings["bits"], SPEC_BER),
        "ber_upper": bercl.ber_upper(readings["errors"], readings["bits"], CL),
        "ser": fec.ser,
        "cer": fec.cer,
        "post_fec_ber": fec.post_fec_ber,
    }, index=readings.index)


def readings(rows, partitions):
    """The fleet's readings as a dask DataFrame of `partitions` partitions, made
    where they are computed."""
    import dask.dataframe as dd
    per = -(-rows // partitions)
    meta = partition(0, 0)
    return dd.from_map(partition, range(partitions), rows=per, meta=meta)


def fleet(ddf):
    """The answers, lazily: one bercl call per partition and answer."""
    return ddf.map_partitions(answers, meta=pd.DataFrame(
        {k: pd.Series(dtype=v) for k, v in COLUMNS.items()}))


def main(rows=1000000, workers=2, partitions=None):
    from dask.distributed import Client, LocalCluster
    partitions = partitions or max(2 * workers, rows // 250000)
    lazy = fleet(readings(rows, partitions))
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      host="127.0.0.1", dashboard_address=None) as cluster, \
            Client(cluster) as client:
        client.run(bercl.set_num_threads, 1)  # one thread per worker process
        t0 = time.perf_counter()
        distributed = lazy.compute()
        t_cluster = time.perf_counter() - t0
    # the same rows in this process, one partition at a time (so that a large
    # fleet is not held twice), against the cluster's table
    per = -(-rows // partitions)
    old = bercl.set_num_threads(1)
    t_one, same, n = 0.0, True, 0
    try:
        for i in range(partitions):
            t0 = time.perf_counter()  # the same work as a worker's: the rows, then the answers
            local = answers(partition(i, per))
            t_one += time.perf_counter() - t0
            same = same and distributed.iloc[n:n + len(local)].equals(local)
            n += len(local)
    finally:
        bercl.set_num_threads(old)
    same = same and n == len(distributed)
    print("fleet: %d rows in %d partitions: %.3f s per million rows on %d worker processes, "
          "%.3f s in one process (one thread); the same table: %s"
          % (n, partitions, t_cluster / n * 1e6, workers, t_one / n * 1e6, same))
    return distributed, same


if __name__ == "__main__":
    main(int(float(sys.argv[1])) if len(sys.argv) > 1 else 1000000,
         int(sys.argv[2]) if len(sys.argv) > 2 else 2)
