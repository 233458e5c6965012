package io.dpone.testkit.simulator.world;

import io.dpone.testkit.simulator.LocalResult;

/**
 * Server errors as ClickHouse 24.8 formats them ({@code Exception.cpp}: {@code Code: N. DB::Exception:
 * <text>. (NAME) (version ...)}), with the texts observed on the real harness or read in the 24.8
 * sources (the semantics note, sections 1, 3 and 5). Pure.
 */
public final class ServerErrors {
    public static final String VERSION = "24.8.14.39";

    public static final int UNKNOWN_TABLE = 60;
    public static final int TABLE_ALREADY_EXISTS = 57;
    public static final int UNKNOWN_DATABASE = 81;
    public static final int NOT_IMPLEMENTED = 48;
    public static final int UNKNOWN_SETTING = 115;
    public static final int TIMEOUT_EXCEEDED = 159;
    public static final int TABLE_IS_READ_ONLY = 242;
    public static final int REPLICA_ALREADY_EXISTS = 253;
    public static final int ALL_CONNECTION_TRIES_FAILED = 279;
    public static final int UNFINISHED = 341;
    public static final int CLUSTER_DOESNT_EXIST = 701;
    public static final int KEEPER_EXCEPTION = 999;

    private ServerErrors() {}

    public static String format(int code, String name, String text) {
        return "Code: " + code + ". DB::Exception: " + text + ". (" + name + ") (version " + VERSION
                + " (official build))";
    }

    public static LocalResult.Failed failed(int code, String name, String text) {
        return new LocalResult.Failed(code, format(code, name, text));
    }

    /** {@code DatabaseAtomic.cpp}/{@code DatabasesCommon.cpp}: EXCHANGE or RENAME of a missing table. */
    public static LocalResult.Failed unknownTable(String database, String table) {
        return failed(UNKNOWN_TABLE, "UNKNOWN_TABLE", "Table `" + database + "`.`" + table + "` doesn't exist");
    }

    /** {@code DatabaseCatalog.cpp}: the new name of RENAME or CREATE is taken. */
    public static LocalResult.Failed tableExists(String database, String table) {
        return failed(
                TABLE_ALREADY_EXISTS, "TABLE_ALREADY_EXISTS", "Table " + database + "." + table + " already exists");
    }

    /**
     * {@code CREATE ... UUID} with a UUID whose data directory the server still has (another
     * table's, or a dropped one's not yet removed): the text observed on the local real harness
     * (ClickHouse 26.7, {@code MemberSessionConformance}); 24.8 is held to it by the Docker class, not run here.
     */
    public static LocalResult.Failed uuidTaken(java.util.UUID uuid) {
        String hex = uuid.toString();
        return failed(
                TABLE_ALREADY_EXISTS,
                "TABLE_ALREADY_EXISTS",
                "Directory for table data store/" + hex.substring(0, 3) + "/" + hex + "/ already exists");
    }

    public static LocalResult.Failed unknownDatabase(String database) {
        return failed(UNKNOWN_DATABASE, "UNKNOWN_DATABASE", "Database " + database + " doesn't exist");
    }

    public static LocalResult.Failed replicaExists(String path, String replica) {
        return failed(
                REPLICA_ALREADY_EXISTS,
                "REPLICA_ALREADY_EXISTS",
                "Replica " + path + "/replicas/" + replica + " already exists");
    }

    /** {@code StorageKeeperMap.cpp} (the strict update's versioned multi, {@code KeeperMultiException}): another write came first. */
    public static String badVersion(String path) {
        return format(
                KEEPER_EXCEPTION,
                "KEEPER_EXCEPTION",
                "Coordination::Exception: Transaction failed (Bad version): Op #0, path: " + path);
    }

    /** The server's Keeper session was lost with a request in flight: the client cannot tell whether it applied. */
    public static String connectionLoss() {
        return format(KEEPER_EXCEPTION, "KEEPER_EXCEPTION", "Coordination::Exception: Connection loss");
    }

    /** {@code StorageKeeperMap.cpp}, test 02706: a strict insert of an existing key. */
    public static String nodeExists(String path) {
        return format(
                KEEPER_EXCEPTION,
                "KEEPER_EXCEPTION",
                "Coordination::Exception: Transaction failed (Node exists): Op #0, path: " + path);
    }
}
