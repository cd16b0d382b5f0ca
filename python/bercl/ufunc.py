# SPDX-License-Identifier: GPL-3.0-or-later
"""bercl's elementwise answers as numpy ufuncs, one per answer and model.

Each is a `numpy.ufunc` over doubles whose loop hands every element to the
engine that the ``bercl`` command runs (engine/element.c): the same checks,
the same searches, the same doubles as ``bercl ... -f csv``. They broadcast,
take ``out=``, ``where=``, ``dtype=``, ``casting=`` and the rest of numpy's
ufunc keywords, and dispatch through ``__array_ufunc__``: a dask array in
gives a lazy dask array out, an xarray DataArray keeps its coordinates.

Arguments come in the order of the friendly function of that name
(`bercl.cl`, `bercl.min_bits`, ...). A confidence level (or a CER target) is
a double read as its shortest decimal, as if typed: 0.95 is 95 %, its
complement 0.05 exact; a float32 or float16 level as the decimal numpy
prints for it (the float32 0.95 is 95 %, not 94.9999988 %), with doubles
out (loops ``dde->d``, ``ddf->d``); every other float32 argument is its
exact double; ``dtype=np.float32`` rounds the answers to float32. An element without an answer (outside the domain,
beyond a limit) is NaN, and numpy warns "invalid value encountered" (or
raises, under ``numpy.errstate(invalid="raise")``), as scipy.special does;
the friendly functions name the argument and the element instead.
`max_errors_poisson` and `max_errors_binomial` give NaN, without a warning,
where even 0 errors miss the target (the command's empty cell).

Answers: ``cl``, ``one_minus_cl``, ``tails`` (both, two outputs),
``log10_one_minus_cl`` (errors, bits, ber); ``min_bits`` and
``min_bits_achieved`` (bits, cl_achieved, one_minus_cl_achieved) (errors,
ber, cl); ``max_errors`` (bits, ber, cl); ``ber_upper``, ``ber_lower``,
``ber_interval`` (two outputs) (errors, bits, cl); each ``_poisson`` and
``_binomial``. Without a model: ``fec_rates`` (ser, cer, post_fec_ber),
``fec_cer``, ``fec_post_ber`` (n, k, m, ber) and ``fec_ber_max`` (n, k, m,
cer).

>>> import numpy as np
>>> from bercl import ufunc
>>> isinstance(ufunc.cl_poisson, np.ufunc)
True
>>> ufunc.cl_poisson([0, 1, 2], 3e12, 1e-12)
array([0.95021293, 0.80085173, 0.57680992])
>>> out = np.zeros(3)
>>> _ = ufunc.min_bits_poisson(0, [1e-12, 1e-13, 1e-14], 0.95, out=out)
>>> out
array([2.99573227e+12, 2.99573227e+13, 2.99573227e+14])
>>> ufunc.cl_binomial(0, 3e12, 1e-12, where=[True, False], out=np.full(2, -1.0))
array([ 0.95021293, -1.        ])
>>> ufunc.ber_interval_poisson(2, 3e12, 0.95)
(8.073642618132164e-14, 2.4082292225746536e-12)
>>> ufunc.min_bits_poisson(0, 1e-12, np.float32(0.95))
2995732273554.0
>>> ufunc.cl_poisson(0, 3e12, 1e-12, dtype=np.float32)
0.95021296
>>> with np.errstate(invalid="ignore"):
...     ufunc.cl_poisson(0.5, 3e12, 1e-12)
nan
"""
from ._core import (ber_interval_binomial, ber_interval_poisson, ber_lower_binomial,
                    ber_lower_poisson, ber_upper_binomial, ber_upper_poisson, cl_binomial,
                    cl_poisson, fec_ber_max, fec_cer, fec_post_ber, fec_rates,
                    log10_one_minus_cl_binomial, log10_one_minus_cl_poisson,
                    max_errors_binomial, max_errors_poisson, min_bits_achieved_binomial,
                    min_bits_achieved_poisson, min_bits_binomial, min_bits_poisson,
                    one_minus_cl_binomial, one_minus_cl_poisson, tails_binomial, tails_poisson)

__all__ = ["cl_poisson", "cl_binomial", "one_minus_cl_poisson", "one_minus_cl_binomial",
           "tails_poisson", "tails_binomial", "log10_one_minus_cl_poisson",
           "log10_one_minus_cl_binomial", "min_bits_poisson", "min_bits_binomial",
           "min_bits_achieved_poisson", "min_bits_achieved_binomial", "max_errors_poisson",
           "max_errors_binomial", "ber_upper_poisson", "ber_upper_binomial",
           "ber_lower_poisson", "ber_lower_binomial", "ber_interval_poisson",
           "ber_interval_binomial", "fec_rates", "fec_cer", "fec_post_ber", "fec_ber_max"]
