package io.dpone.clickhouse.cluster.catalog;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.generation.TableIdentityKind;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.port.MemberFacts;
import io.dpone.clickhouse.cluster.sql.TableRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The pure half of {@link StrictCatalogAdapter#members}: one member's answer to the member read (the
 * flat tagged array {@code member_records} that the per-member view returns) turned into that
 * member's {@link MemberFacts}, with the adapter's normalisation of {@code engine_full}, schema
 * digest and identity ({@link GenerationReader}). Public so that any other implementation of the
 * catalog port (the testkit's simulator) that can produce the raw answer derives identical facts
 * from it instead of re-implementing the normalisation. Pure and thread-safe.
 */
public final class MemberAnswers {
    private MemberAnswers() {}

    /**
     * One fact per self-identifying {@code member} record of the answer, as a join would give: a
     * member without its own {@code is_local} row contributes none, a duplicated endpoint several.
     *
     * @param memberRecords the flat tagged records of one answering member, in the view's format:
     *     {@code member host port shard replica}, {@code database engine},
     *     {@code table name uuid engine_full}, {@code column table position name type default_kind
     *     default_expression codec}, {@code replica table replica_name zookeeper_name zookeeper_path},
     *     {@code version server_version}
     * @throws IllegalArgumentException if the answer does not have that shape
     */
    public static List<MemberFacts> facts(List<String> memberRecords, TableRef target, TableRef candidate) {
        return facts(memberRecords, target, candidate, TableIdentityKind.REPLICATED);
    }

    /** {@link #facts(List, TableRef, TableRef)} with the identities of {@code kind}. */
    public static List<MemberFacts> facts(
            List<String> memberRecords, TableRef target, TableRef candidate, TableIdentityKind kind) {
        requireNonNull(memberRecords, "memberRecords is null");
        requireNonNull(kind, "kind is null");
        requireNonNull(target, "target is null");
        requireNonNull(candidate, "candidate is null");
        MemberRecords records;
        try {
            records = MemberRecords.decode(memberRecords);
        } catch (Cells.Malformed malformed) {
            throw new IllegalArgumentException("member answer does not have the member-record shape");
        }
        GenerationReader generations = new GenerationReader(records, kind);
        Optional<String> version = records.serverVersions().size() == 1
                ? Optional.of(records.serverVersions().get(0))
                : Optional.empty();
        List<MemberFacts> facts = new ArrayList<>();
        for (MemberRecords.Identity identity : records.identities()) {
            facts.add(new MemberFacts(
                    new HostEndpoint(identity.host(), Math.toIntExact(identity.port())),
                    identity.shard(),
                    identity.replica(),
                    records.databaseEngines(),
                    generations.observe(target.table()),
                    generations.observe(candidate.table()),
                    generations.replicaName(target.table()),
                    generations.replicaName(candidate.table()),
                    version));
        }
        return List.copyOf(facts);
    }
}
