/*
 * dpone-ch-node: runs one real ClickHouse node from libchdb.so in this OS process.
 *
 * Usage: dpone-ch-node /abs/libchdb.so --config-file=/abs/node.xml --query=...
 *
 * libchdb.so holds global server state, so every node needs its own process. The library's
 * query_stable_v2 entry point runs clickhouse-local with the given arguments; a query that opens
 * the configured listeners and then sleeps keeps the node serving until this process ends.
 * argv[0] handed to the library must be "" (any other word is rejected as a positional option).
 *
 * Orphan safety: a watchdog thread exits the process as soon as its parent changes (the test JVM
 * died or was killed), so no node outlives the build. PR_SET_PDEATHSIG is not used because it is
 * tied to the spawning thread, and JVM threads that spawn processes may end before the node.
 * Compiled by scripts/fetch-clickhouse.sh; never committed as a binary.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

typedef struct {
    char *buf;
    size_t len;
    void *vec;
    double elapsed;
    unsigned long long rows_read;
    unsigned long long bytes_read;
    char *error_message;
} dpone_result;

typedef dpone_result *(*query_fn)(int, char **);

static pid_t original_parent;

static void *watch_parent(void *unused) {
    (void) unused;
    for (;;) {
        if (getppid() != original_parent) {
            _exit(137);
        }
        usleep(100 * 1000);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s LIBCHDB_SO CLICKHOUSE_ARGS...\n", argv[0]);
        return 2;
    }
    original_parent = getppid();
    pthread_t watchdog;
    if (pthread_create(&watchdog, NULL, watch_parent, NULL) != 0) {
        fprintf(stderr, "dpone-ch-node: cannot start parent watchdog\n");
        return 3;
    }
    void *library = dlopen(argv[1], RTLD_NOW | RTLD_GLOBAL);
    if (library == NULL) {
        fprintf(stderr, "dpone-ch-node: cannot load library: %s\n", dlerror());
        return 4;
    }
    query_fn query = (query_fn) dlsym(library, "query_stable_v2");
    if (query == NULL) {
        fprintf(stderr, "dpone-ch-node: query_stable_v2 not exported\n");
        return 5;
    }
    argv[1] = "";
    dpone_result *result = query(argc - 1, argv + 1);
    if (result == NULL) {
        fprintf(stderr, "dpone-ch-node: no result from library\n");
        return 6;
    }
    if (result->error_message != NULL) {
        fprintf(stderr, "dpone-ch-node: %s\n", result->error_message);
        return 1;
    }
    return 0;
}
