"""Count the Python objects a piece of code makes: the benchmarks' and tests' measure of what a
move costs in objects (``scripts/bench_objects.py``).

While a :class:`Counting` block runs, every allocation from Python's object allocator (each new
object, and each resizing of one's memory) is counted; nothing else changes. One block at a
time, in one thread.

>>> with Counting() as counted:
...     squares = [n * n for n in range(1000, 1010)]
>>> counted.objects >= 10      # ten ints above the cached small ones, and the list
True
"""

from libc.stddef cimport size_t


cdef extern from "Python.h":
    ctypedef struct PyMemAllocatorEx:
        void* ctx
        void* (*malloc)(void*, size_t) noexcept nogil
        void* (*calloc)(void*, size_t, size_t) noexcept nogil
        void* (*realloc)(void*, void*, size_t) noexcept nogil
        void (*free)(void*, void*) noexcept nogil

    ctypedef enum PyMemAllocatorDomain:
        PYMEM_DOMAIN_OBJ

    void PyMem_GetAllocator(PyMemAllocatorDomain, PyMemAllocatorEx*)
    void PyMem_SetAllocator(PyMemAllocatorDomain, PyMemAllocatorEx*)


cdef PyMemAllocatorEx _python        # the allocator in place before the block
cdef long long _made = 0
cdef bint _counting = False


cdef void* _malloc(void* ctx, size_t size) noexcept nogil:
    global _made
    _made += 1
    return _python.malloc(_python.ctx, size)


cdef void* _calloc(void* ctx, size_t n, size_t size) noexcept nogil:
    global _made
    _made += 1
    return _python.calloc(_python.ctx, n, size)


cdef void* _realloc(void* ctx, void* memory, size_t size) noexcept nogil:
    global _made
    _made += 1
    return _python.realloc(_python.ctx, memory, size)


cdef void _free(void* ctx, void* memory) noexcept nogil:
    _python.free(_python.ctx, memory)


class Counting:
    """A block whose objects are counted: ``objects`` holds the count once it ends."""

    def __init__(self):
        self.objects = 0

    def __enter__(self):
        global _made, _counting
        cdef PyMemAllocatorEx counter
        if _counting:
            raise RuntimeError("one Counting block at a time")
        PyMem_GetAllocator(PYMEM_DOMAIN_OBJ, &_python)
        counter.ctx = NULL
        counter.malloc, counter.calloc = _malloc, _calloc
        counter.realloc, counter.free = _realloc, _free
        _made, _counting = 0, True
        PyMem_SetAllocator(PYMEM_DOMAIN_OBJ, &counter)
        return self

    def __exit__(self, *exc):
        global _counting
        PyMem_SetAllocator(PYMEM_DOMAIN_OBJ, &_python)
        _counting = False
        self.objects = _made
        return False
