package io.dpone.clickhouse.external.admission;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.port.MemberFacts;
import io.dpone.clickhouse.external.authority.TableDefinition;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.manifest.TableEngines;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * External mode's target rules at admission (spec 001, "Runtime admission"), over member facts
 * read with direct identities. The target is absent on every member, or present on every member
 * as a direct non-replicated {@code *MergeTree} with no Keeper path, every member's table sharing
 * one definition (engine_full and schema) under its own UUID. A member whose target cannot be
 * read as one identity, a mix of present and absent, or diverging definitions are unknown
 * generations; a replicated, Distributed, Shared or other engine is unsupported, and so is one
 * definition that does not keep rows as inserted ({@link RowPreservingTables}). Pure.
 */
public final class MemberTargets {
    private MemberTargets() {}

    /** The verdict. Callers must switch over it. */
    public sealed interface Verdict {
        /** @param definition empty for an absent target; {@code uuids} has every member's target UUID when present */
        record Admitted(Optional<TableDefinition> definition, Map<HostEndpoint, UUID> uuids) implements Verdict {
            public Admitted {
                requireNonNull(definition, "definition is null");
                uuids = Map.copyOf(requireNonNull(uuids, "uuids is null"));
            }
        }

        record Blocked(DponeErrorCode code, String reason) implements Verdict {
            public Blocked {
                requireNonNull(code, "code is null");
                requireNonNull(reason, "reason is null");
            }
        }
    }

    public static Verdict judge(List<MemberFacts> members) {
        requireNonNull(members, "members is null");
        long absent = members.stream()
                .filter(m -> m.target() instanceof TableObservation.Absent)
                .count();
        if (members.stream().anyMatch(m -> m.target() instanceof TableObservation.Indeterminate)) {
            return blocked(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN,
                    "a member's target is not one readable table");
        }
        if (absent == members.size()) {
            return new Verdict.Admitted(Optional.empty(), Map.of());
        }
        if (absent > 0) {
            return blocked(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN, "the target exists on some members only");
        }
        Map<HostEndpoint, UUID> uuids = new HashMap<>();
        Set<TableDefinition> definitions = new HashSet<>();
        for (MemberFacts member : members) {
            GenerationIdentity identity = ((TableObservation.Present) member.target()).identity();
            Optional<TableDefinition> definition = TableDefinition.of(identity);
            boolean direct = EngineNames.leading(identity.normalizedEngineFull())
                    .filter(TableEngines::isDirectNonReplicated)
                    .isPresent();
            if (definition.isEmpty() || !direct) {
                return blocked(
                        DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED,
                        "a member's target is not a direct non-replicated *MergeTree table");
            }
            definitions.add(definition.get());
            uuids.put(member.member(), identity.tableUuid());
        }
        if (definitions.size() != 1) {
            return blocked(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN,
                    "the members' targets differ in engine or schema; one logical generation has one definition");
        }
        TableDefinition definition = definitions.iterator().next();
        Optional<String> rewrites = RowPreservingTables.refusal(definition.engineFull());
        if (rewrites.isPresent()) {
            return blocked(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED, rewrites.get());
        }
        return new Verdict.Admitted(Optional.of(definition), uuids);
    }

    private static Verdict blocked(DponeErrorCode code, String reason) {
        return new Verdict.Blocked(code, reason);
    }
}
