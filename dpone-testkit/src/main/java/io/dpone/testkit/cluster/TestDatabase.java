package io.dpone.testkit.cluster;

import static java.util.Objects.requireNonNull;

import java.util.regex.Pattern;

/**
 * The clean, per-test namespace a harness creates on every member and drops afterwards.
 *
 * <p>Names follow the prefixes the restricted publication principal is granted on (see
 * {@code docs/testkit/real-clickhouse.md}): {@value #TARGET_PREFIX}* holds targets and candidates,
 * {@value #CONTROL_PREFIX}* holds the platform-owned KeeperMap control table. KeeperMap paths
 * under {@link #keeperMapRoot()} are unique per test, so no two tests share a Keeper store.
 *
 * @param id unique lowercase token of this test's namespace
 */
public record TestDatabase(String id) {

    public static final String TARGET_PREFIX = "dpone_t_";
    public static final String CONTROL_PREFIX = "dpone_c_";

    private static final Pattern ID = Pattern.compile("[a-z0-9]{4,32}");

    public TestDatabase {
        requireNonNull(id, "id is null");
        if (!ID.matcher(id).matches()) {
            throw new IllegalArgumentException("id must be 4-32 lowercase letters or digits");
        }
    }

    /** Atomic database for target and candidate tables. */
    public String target() {
        return TARGET_PREFIX + id;
    }

    /** Atomic database for the control (KeeperMap) table. */
    public String control() {
        return CONTROL_PREFIX + id;
    }

    /** KeeperMap root of this test, relative to the configured {@code keeper_map_path_prefix}. */
    public String keeperMapRoot() {
        return "/" + id;
    }

    /** KeeperMap path for one table of this test, e.g. {@code KeeperMap('/abcd/control')}. */
    public String keeperMapPath(String table) {
        requireNonNull(table, "table is null");
        if (!table.matches("[A-Za-z0-9_]+")) {
            throw new IllegalArgumentException("table must be a plain identifier");
        }
        return keeperMapRoot() + "/" + table;
    }
}
