package io.dpone.clickhouse.cluster.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.Optional;

/**
 * What one member showed of the KeeperMap control facade (spec section 1). {@code member} is the
 * endpoint its own {@code system.clusters} row lists for it, matched against the admitted
 * inventory; it never reaches evidence (its {@code toString} is redacted).
 */
public sealed interface FacadeObservation {
    HostEndpoint member();

    /** The member answered and has no table of the control name. */
    record Absent(HostEndpoint member, boolean strictModeCapable) implements FacadeObservation {
        public Absent {
            requireNonNull(member, "member is null");
        }
    }

    /**
     * The member has the table. {@code slot} is the target record it read with its {@code _version},
     * or empty when the key is absent there. {@code prevalidationSwitch}: the member knows
     * {@code validate_mutation_query} ({@link MutationPrevalidation}).
     */
    record Present(
            HostEndpoint member,
            String engineFull,
            String columns,
            boolean strictModeCapable,
            boolean prevalidationSwitch,
            Optional<VersionedRow> slot)
            implements FacadeObservation {
        public Present {
            requireNonNull(member, "member is null");
            requireNonNull(engineFull, "engineFull is null");
            requireNonNull(columns, "columns is null");
            requireNonNull(slot, "slot is null");
        }
    }

    /** The member could not be read; partial answers are never admission evidence. */
    record Unreadable(HostEndpoint member, String summary) implements FacadeObservation {
        public Unreadable {
            requireNonNull(member, "member is null");
            requireNonNull(summary, "summary is null");
        }
    }
}
