package io.dpone.clickhouse.cluster.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.clickhouse.cluster.catalog.MemberRecords.ColumnRow;
import io.dpone.clickhouse.cluster.catalog.MemberRecords.Identity;
import io.dpone.clickhouse.cluster.catalog.MemberRecords.ReplicaRow;
import io.dpone.clickhouse.cluster.catalog.MemberRecords.SlotRow;
import io.dpone.clickhouse.cluster.catalog.MemberRecords.TableRow;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The flat tagged encoding of one member's answer: whatever records a member sends, in any
 * interleaving the server's UNION ALL may produce and with field values that equal tags, decode
 * gives back exactly those records; cutting the array anywhere inside a record is malformed.
 */
class MemberRecordsPropertiesTest {
    /** Field values, including every tag, so arity (not content) must delimit records. */
    private static Arbitrary<String> field() {
        return Arbitraries.oneOf(
                Arbitraries.of("member", "database", "table", "column", "replica", "setting", "slot", "version", ""),
                Arbitraries.strings().ofMaxLength(12));
    }

    private static Arbitrary<Long> number() {
        return Arbitraries.longs().between(0, 1_000_000);
    }

    @Provide
    Arbitrary<List<List<String>>> records() {
        Arbitrary<List<String>> member = Combinators.combine(field(), number(), number(), number())
                .as((h, p, s, r) -> List.of("member", h, p.toString(), s.toString(), r.toString()));
        Arbitrary<List<String>> database = field().map(e -> List.of("database", e));
        Arbitrary<List<String>> table =
                Combinators.combine(field(), field(), field()).as((n, u, f) -> List.of("table", n, u, f));
        Arbitrary<List<String>> column = Combinators.combine(
                        field(), number(), field(), field(), field(), field(), field())
                .as((t, p, n, ty, k, d, c) -> List.of("column", t, p.toString(), n, ty, k, d, c));
        Arbitrary<List<String>> replica = Combinators.combine(field(), field(), field(), field())
                .as((t, r, z, p) -> List.of("replica", t, r, z, p));
        Arbitrary<List<String>> setting = field().map(n -> List.of("setting", n));
        Arbitrary<List<String>> slot = Combinators.combine(field().list().ofSize(7), number())
                .as((f, v) -> {
                    List<String> record = new ArrayList<>(List.of("slot"));
                    record.addAll(f);
                    record.add(v.toString());
                    return List.copyOf(record);
                });
        Arbitrary<List<String>> version = field().map(v -> List.of("version", v));
        return Arbitraries.oneOf(member, database, table, column, replica, setting, slot, version)
                .list()
                .ofMaxSize(12);
    }

    @Property
    void decodeReturnsExactlyTheEncodedRecords(@ForAll("records") List<List<String>> records) {
        MemberRecords decoded = MemberRecords.decode(flatten(records));
        assertEquals(expected(records), decoded);
    }

    @Property
    void aRecordCutShortIsMalformed(@ForAll("records") List<List<String>> records) {
        List<List<String>> nonEmpty = records.isEmpty() ? List.of(List.of("database", "Atomic")) : records;
        List<String> flat = flatten(nonEmpty);
        List<String> cut = flat.subList(0, flat.size() - 1);
        assertThrows(Cells.Malformed.class, () -> MemberRecords.decode(cut));
    }

    private static List<String> flatten(List<List<String>> records) {
        List<String> flat = new ArrayList<>();
        records.forEach(flat::addAll);
        return Collections.unmodifiableList(flat);
    }

    private static MemberRecords expected(List<List<String>> records) {
        List<Identity> identities = new ArrayList<>();
        List<String> engines = new ArrayList<>();
        List<TableRow> tables = new ArrayList<>();
        List<ColumnRow> columns = new ArrayList<>();
        List<ReplicaRow> replicas = new ArrayList<>();
        List<String> settings = new ArrayList<>();
        List<SlotRow> slots = new ArrayList<>();
        List<String> versions = new ArrayList<>();
        for (List<String> r : records) {
            switch (r.get(0)) {
                case "member" ->
                    identities.add(new Identity(
                            r.get(1), Long.parseLong(r.get(2)), Long.parseLong(r.get(3)), Long.parseLong(r.get(4))));
                case "database" -> engines.add(r.get(1));
                case "table" -> tables.add(new TableRow(r.get(1), r.get(2), r.get(3)));
                case "column" ->
                    columns.add(new ColumnRow(
                            r.get(1), Long.parseLong(r.get(2)), r.get(3), r.get(4), r.get(5), r.get(6), r.get(7)));
                case "replica" -> replicas.add(new ReplicaRow(r.get(1), r.get(2), r.get(3), r.get(4)));
                case "setting" -> settings.add(r.get(1));
                case "version" -> versions.add(r.get(1));
                default ->
                    slots.add(new SlotRow(
                            r.get(1),
                            r.get(2),
                            r.get(3),
                            r.get(4),
                            r.get(5),
                            r.get(6),
                            r.get(7),
                            Long.parseLong(r.get(8))));
            }
        }
        return new MemberRecords(identities, engines, tables, columns, replicas, settings, slots, versions);
    }
}
