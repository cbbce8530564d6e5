/* What each compiled module of the search does when Python imports it: its Context type made ready (where it has
 * one), the module created, its integer constants added (the version its Python side checks, its limits), and the
 * type added as "Context". One function for Hardback's kernels and Paperback's layout search. */
#ifndef GHOSTWRITER_SEARCH_MODULE_H
#define GHOSTWRITER_SEARCH_MODULE_H

#include <Python.h>

/* A module's definition: its name, its docstring, its methods; no per-module state. */
#define SEARCH_MODULE_DEF(name, doc, methods) {PyModuleDef_HEAD_INIT, (name), (doc), -1, (methods), NULL, NULL, NULL, NULL}

/* A module's Context type: a turn's cards packed once (a Hardback pool, a Paperback hand), made by ``make``. */
#define SEARCH_CONTEXT_TYPE(name, doc, size, make)                                                             \
    {PyVarObject_HEAD_INIT(NULL, 0).tp_name = (name), .tp_basicsize = (size), .tp_flags = Py_TPFLAGS_DEFAULT,  \
     .tp_doc = (doc), .tp_new = (make)}

typedef struct {
    const char *name;
    long value;
} ModuleConstant;

static inline PyObject *search_module(PyModuleDef *def, PyTypeObject *context, const ModuleConstant *constants,
                                      int count) {
    if (context != NULL && PyType_Ready(context) < 0) return NULL;
    PyObject *m = PyModule_Create(def);
    if (m == NULL) return NULL;
    for (int i = 0; i < count; i++) {
        if (PyModule_AddIntConstant(m, constants[i].name, constants[i].value) < 0) {
            Py_DECREF(m);
            return NULL;
        }
    }
    if (context == NULL) return m;
    Py_INCREF(context);
    if (PyModule_AddObject(m, "Context", (PyObject *)context) < 0) {
        Py_DECREF(context);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

/* The module ``name`` (a bare identifier: ``_kernel``) with its docstring, its ``methods`` table (defined before),
 * its Context type (or NULL) and its integer constants, given as {"NAME", value} pairs: the module's definition and
 * its PyInit_ function. */
#define SEARCH_MODULE(name, doc, context, ...)                                                                    \
    static struct PyModuleDef module = SEARCH_MODULE_DEF(#name, doc, methods);                                   \
    PyMODINIT_FUNC PyInit_##name(void) {                                                                        \
        static const ModuleConstant constants[] = {__VA_ARGS__};                                                 \
        return search_module(&module, context, constants, (int)(sizeof constants / sizeof constants[0]));        \
    }

#endif
