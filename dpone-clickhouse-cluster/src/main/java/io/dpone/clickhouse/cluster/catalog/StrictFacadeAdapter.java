package io.dpone.clickhouse.cluster.catalog;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadeObservation;
import io.dpone.clickhouse.cluster.authority.FacadePort;
import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.sql.ReadResult;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The {@link FacadePort} over the one admitted read transport, with the catalog's member-read
 * shape ({@link CatalogQueries}, {@link MemberRecords}) and strictness ({@link StrictReads}): one
 * {@code clusterAllReplicas} read of every member's {@code system.tables}, {@code system.columns}
 * and {@code system.settings} facts for the control table, each answer naming its member by its
 * own {@code is_local} {@code system.clusters} row; then, only when every answering member has
 * the table, one {@code clusterAllReplicas} read of the target slot with {@code _version}. Where
 * the facade is not present everywhere the slot is not read and every {@code Present.slot()} is
 * empty: {@link io.dpone.clickhouse.cluster.authority.FacadeRules} compares slots only when all
 * members have the table. Either read failing or answering an unexpected shape makes the whole
 * observation {@link CatalogRead.Unreadable}. Reads only; thread-safe if the transport and
 * supplier are.
 */
public final class StrictFacadeAdapter implements FacadePort {
    private final StrictReads reads;

    public StrictFacadeAdapter(ReadTransport reads, Supplier<String> queryIds, long maxExecutionSeconds) {
        this.reads = new StrictReads(reads, queryIds, maxExecutionSeconds);
    }

    @Override
    public CatalogRead<List<FacadeObservation>> observe(String cluster, FacadeSpec spec, Digest targetKey) {
        requireNonNull(spec, "spec is null");
        requireNonNull(targetKey, "targetKey is null");
        CatalogRead<List<Answer>> facts =
                reads.read(CatalogQueries.facadeFacts(cluster, spec.control()), StrictFacadeAdapter::answers);
        if (!(facts instanceof CatalogRead.Observed<List<Answer>> observed)) {
            return unreadable(facts);
        }
        List<Answer> answers = observed.facts();
        String table = spec.control().table();
        boolean everywhere = !answers.isEmpty() && answers.stream().allMatch(answer -> answer.hasTable(table));
        Map<HostEndpoint, List<MemberRecords.SlotRow>> slots = Map.of();
        if (everywhere) {
            CatalogRead<Map<HostEndpoint, List<MemberRecords.SlotRow>>> slotRead = reads.read(
                    CatalogQueries.facadeSlot(cluster, spec.control(), targetKey.hex()), StrictFacadeAdapter::slots);
            if (!(slotRead instanceof CatalogRead.Observed<Map<HostEndpoint, List<MemberRecords.SlotRow>>> read)) {
                return unreadable(slotRead);
            }
            slots = read.facts();
        }
        List<FacadeObservation> observations = new ArrayList<>();
        for (Answer answer : answers) {
            observations.add(answer.observation(table, everywhere, slots.get(answer.member())));
        }
        return new CatalogRead.Observed<>(List.copyOf(observations));
    }

    /** The same failure, as the observation's type. */
    private static CatalogRead<List<FacadeObservation>> unreadable(CatalogRead<?> read) {
        CatalogRead.Unreadable<?> failed = (CatalogRead.Unreadable<?>) read;
        return new CatalogRead.Unreadable<>(failed.cause(), failed.failure());
    }

    /** One answer per self-identifying row, as the catalog's member read: duplicates are kept. */
    private static List<Answer> answers(ReadResult result) {
        List<Answer> answers = new ArrayList<>();
        for (int i = 0; i < result.size(); i++) {
            MemberRecords records = MemberRecords.decode(new Cells(result, i).texts(CatalogQueries.MEMBER_RECORDS));
            for (MemberRecords.Identity identity : records.identities()) {
                answers.add(new Answer(endpoint(identity), records));
            }
        }
        return answers;
    }

    private static Map<HostEndpoint, List<MemberRecords.SlotRow>> slots(ReadResult result) {
        Map<HostEndpoint, List<MemberRecords.SlotRow>> slots = new HashMap<>();
        for (int i = 0; i < result.size(); i++) {
            MemberRecords records = MemberRecords.decode(new Cells(result, i).texts(CatalogQueries.MEMBER_RECORDS));
            for (MemberRecords.Identity identity : records.identities()) {
                slots.computeIfAbsent(endpoint(identity), ignored -> new ArrayList<>())
                        .addAll(records.slots());
            }
        }
        return slots;
    }

    private static HostEndpoint endpoint(MemberRecords.Identity identity) {
        return new HostEndpoint(identity.host(), Math.toIntExact(identity.port()));
    }

    /** One member's facade facts. */
    private record Answer(HostEndpoint member, MemberRecords records) {
        boolean hasTable(String table) {
            return records.tables().stream().anyMatch(row -> row.name().equals(table));
        }

        FacadeObservation observation(String table, boolean slotRead, List<MemberRecords.SlotRow> slotRows) {
            boolean strict = records.settings().contains(CatalogQueries.STRICT_MODE_SETTING);
            List<MemberRecords.TableRow> tables = records.tables().stream()
                    .filter(row -> row.name().equals(table))
                    .toList();
            if (tables.isEmpty()) {
                return new FacadeObservation.Absent(member, strict);
            }
            if (tables.size() > 1) {
                return new FacadeObservation.Unreadable(member, "the control table is listed more than once");
            }
            Optional<VersionedRow> slot = Optional.empty();
            if (slotRead) {
                if (slotRows == null || slotRows.size() > 1) {
                    return new FacadeObservation.Unreadable(member, "the member did not read exactly one slot answer");
                }
                slot = slotRows.stream().findFirst().map(Answer::versioned);
            }
            return new FacadeObservation.Present(
                    member,
                    tables.get(0).engineFull(),
                    columns(table),
                    strict,
                    records.settings().contains(CatalogQueries.PREVALIDATION_SETTING),
                    slot);
        }

        /** {@code name type} pairs in position order, joined like {@link FacadeSpec#columns()}. */
        private String columns(String table) {
            return records.columns().stream()
                    .filter(column -> column.table().equals(table))
                    .sorted(Comparator.comparingLong(MemberRecords.ColumnRow::position))
                    .map(column -> column.name() + " " + column.type())
                    .collect(Collectors.joining(", "));
        }

        /** Cells that are not plain decimals become NULL, so the authority codec (not this adapter) blocks. */
        private static VersionedRow versioned(MemberRecords.SlotRow row) {
            BigInteger epoch = row.dispatchEpoch().matches("[0-9]{1,20}") ? new BigInteger(row.dispatchEpoch()) : null;
            return new VersionedRow(
                    new AuthorityRow(
                            row.targetKey(),
                            row.operationId(),
                            row.fenceToken(),
                            row.phase(),
                            epoch,
                            row.payload(),
                            row.payloadSha256()),
                    row.version());
        }
    }
}
