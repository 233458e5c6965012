package io.dpone.clickhouse.cluster.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One member's answer to a tagged member read (the catalog's member facts, the control facade's
 * facts and its slot), decoded from the flat tagged array the view returns:
 * each record is a kind tag followed by exactly that kind's fields ({@link Kind#fields}). The
 * decoder walks the array by arity, so a field value that happens to equal a tag is still data.
 * An unknown tag, a truncated record or an unparseable number is {@link Cells.Malformed}: the
 * answer is used whole or not at all. Records keep the server's order within a kind; callers never
 * depend on it.
 */
record MemberRecords(
        List<Identity> identities,
        List<String> databaseEngines,
        List<TableRow> tables,
        List<ColumnRow> columns,
        List<ReplicaRow> replicas,
        List<String> settings,
        List<SlotRow> slots,
        List<String> serverVersions) {

    /** Record kinds and their field counts, as {@link CatalogQueries#members} renders them. */
    enum Kind {
        MEMBER("member", 4),
        DATABASE("database", 1),
        TABLE("table", 3),
        COLUMN("column", 7),
        REPLICA("replica", 4),
        SETTING("setting", 1),
        SLOT("slot", 8),
        VERSION("version", 1);

        final String tag;
        final int fields;

        Kind(String tag, int fields) {
            this.tag = tag;
            this.fields = fields;
        }

        private static final Map<String, Kind> BY_TAG = Map.of(
                MEMBER.tag,
                MEMBER,
                DATABASE.tag,
                DATABASE,
                TABLE.tag,
                TABLE,
                COLUMN.tag,
                COLUMN,
                REPLICA.tag,
                REPLICA,
                SETTING.tag,
                SETTING,
                SLOT.tag,
                SLOT,
                VERSION.tag,
                VERSION);
    }

    /** The member's own {@code system.clusters} row ({@code is_local}). */
    record Identity(String host, long port, long shard, long replica) {}

    record TableRow(String name, String uuid, String engineFull) {}

    record ColumnRow(
            String table,
            long position,
            String name,
            String type,
            String defaultKind,
            String defaultExpression,
            String codec) {}

    record ReplicaRow(String table, String replicaName, String zookeeperName, String zookeeperPath) {}

    /**
     * One control-table row as the member read it, every column as text ({@code dispatch_epoch}
     * undecoded: the authority codec judges it), with its KeeperMap {@code _version}.
     */
    record SlotRow(
            String targetKey,
            String operationId,
            String fenceToken,
            String phase,
            String dispatchEpoch,
            String payload,
            String payloadSha256,
            long version) {}

    MemberRecords {
        identities = List.copyOf(identities);
        databaseEngines = List.copyOf(databaseEngines);
        tables = List.copyOf(tables);
        columns = List.copyOf(columns);
        replicas = List.copyOf(replicas);
        settings = List.copyOf(settings);
        slots = List.copyOf(slots);
        serverVersions = List.copyOf(serverVersions);
    }

    static MemberRecords decode(List<String> flat) {
        List<Identity> identities = new ArrayList<>();
        List<String> engines = new ArrayList<>();
        List<TableRow> tables = new ArrayList<>();
        List<ColumnRow> columns = new ArrayList<>();
        List<ReplicaRow> replicas = new ArrayList<>();
        List<String> settings = new ArrayList<>();
        List<SlotRow> slots = new ArrayList<>();
        List<String> versions = new ArrayList<>();
        int at = 0;
        while (at < flat.size()) {
            Kind kind = Kind.BY_TAG.get(flat.get(at));
            if (kind == null || at + kind.fields >= flat.size()) {
                throw new Cells.Malformed(CatalogQueries.MEMBER_RECORDS);
            }
            List<String> f = flat.subList(at + 1, at + 1 + kind.fields);
            switch (kind) {
                case MEMBER ->
                    identities.add(new Identity(f.get(0), number(f.get(1)), number(f.get(2)), number(f.get(3))));
                case DATABASE -> engines.add(f.get(0));
                case TABLE -> tables.add(new TableRow(f.get(0), f.get(1), f.get(2)));
                case COLUMN ->
                    columns.add(new ColumnRow(
                            f.get(0), number(f.get(1)), f.get(2), f.get(3), f.get(4), f.get(5), f.get(6)));
                case REPLICA -> replicas.add(new ReplicaRow(f.get(0), f.get(1), f.get(2), f.get(3)));
                case SETTING -> settings.add(f.get(0));
                case SLOT ->
                    slots.add(new SlotRow(
                            f.get(0), f.get(1), f.get(2), f.get(3), f.get(4), f.get(5), f.get(6), number(f.get(7))));
                case VERSION -> versions.add(f.get(0));
            }
            at += 1 + kind.fields;
        }
        return new MemberRecords(identities, engines, tables, columns, replicas, settings, slots, versions);
    }

    private static long number(String text) {
        // Only plain decimal digits: the server renders these with toString of an unsigned integer.
        if (text.isEmpty() || text.length() > 18 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new Cells.Malformed(CatalogQueries.MEMBER_RECORDS);
        }
        return Long.parseLong(text);
    }
}
