package io.dpone.clickhouse.cluster.ddl;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.digest.SetupDigests;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.ddl.CapabilityVerdict.CapabilityProblem;
import io.dpone.clickhouse.cluster.ddl.CapabilityVerdict.Missing;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.CapabilityPreflight;
import io.dpone.clickhouse.cluster.sql.TableRef;
import java.util.HexFormat;
import java.util.Set;

/**
 * The spec's preflight (section 4): {@code distributed_ddl_entry_format_version >= 2}, the queue's
 * {@code settings Map(String, String)} column, and the synthetic capability assertion that the
 * correlation channel works on this cluster: a {@code log_comment} set on an {@code ON CLUSTER}
 * statement appears unchanged in the queue entry's settings, and a leading SQL comment does not
 * appear in its stored query.
 *
 * <p>The probe is {@code /* dpone-capability-probe <marker> *&#47; DROP TABLE IF EXISTS
 * <database>.__dpone_probe_<32 random hex> ON CLUSTER <cluster>}: a name that never exists, so
 * every host executes a no-op and nothing in any catalog changes. It is sent once, as a setup
 * statement with a fresh PROBE token whose operation id is {@link SetupDigests#probeOperation}
 * of (cluster, inventory digest), and resolved through the queue only
 * ({@link QueueEntryResolver}): the one entry must be bound by the exact token, its stored query
 * must not contain the marker, and every expected host must report TERMINAL_SUCCESS within the
 * bound. Anything else fails closed with {@code CLICKHOUSE_CLUSTER_CAPABILITY_MISSING}; nothing is
 * retried. The cost is bounded by proving once per inventory digest
 * ({@link io.dpone.clickhouse.cluster.contract.authority.CapabilityProofs}). Thread-safe if the
 * port, resolver and random source are.
 */
public final class CapabilityAssertion {
    public static final String PROBE_TABLE_PREFIX = "__dpone_probe_";
    private static final int NAME_BYTES = 16;

    private final DdlPort ddl;
    private final QueueEntryResolver resolver;
    private final RandomBits random;

    /** @param random the source of the probe name, marker and token bits (SecureRandom in production) */
    public CapabilityAssertion(DdlPort ddl, QueueEntryResolver resolver, RandomBits random) {
        this.ddl = requireNonNull(ddl, "ddl is null");
        this.resolver = requireNonNull(resolver, "resolver is null");
        this.random = requireNonNull(random, "random is null");
    }

    /**
     * Checks the preflight facts, then sends one probe into {@code database} and resolves it over
     * exactly {@code hosts} (the admitted inventory endpoints).
     */
    public CapabilityVerdict prove(String cluster, String database, Set<HostEndpoint> hosts, Digest inventoryDigest) {
        requireNonNull(cluster, "cluster is null");
        requireNonNull(inventoryDigest, "inventoryDigest is null");
        if (requireNonNull(hosts, "hosts is null").isEmpty()) {
            throw new IllegalArgumentException("hosts is empty");
        }
        CatalogRead<CapabilityPreflight.Facts> preflight = ddl.preflight();
        if (!(preflight instanceof CatalogRead.Observed<CapabilityPreflight.Facts> observed)) {
            return new Missing(CapabilityProblem.PREFLIGHT_UNREADABLE, "capability facts could not be read");
        }
        CapabilityPreflight.Facts facts = observed.facts();
        if (facts.entryFormatVersion()
                .filter(v -> v >= CapabilityPreflight.MIN_ENTRY_FORMAT_VERSION)
                .isEmpty()) {
            return new Missing(
                    CapabilityProblem.ENTRY_FORMAT_UNSUPPORTED,
                    "entry format version "
                            + facts.entryFormatVersion().map(String::valueOf).orElse("absent"));
        }
        if (facts.settingsColumnType()
                .filter(CapabilityPreflight.REQUIRED_SETTINGS_TYPE::equals)
                .isEmpty()) {
            return new Missing(CapabilityProblem.SETTINGS_MAP_MISSING, "queue settings column is not a string map");
        }
        SetupDdl.CapabilityProbe probe =
                new SetupDdl.CapabilityProbe(cluster, new TableRef(database, PROBE_TABLE_PREFIX + hex()), hex());
        DdlCorrelationToken token = DdlCorrelationToken.issue(
                SetupDigests.probeOperation(cluster, inventoryDigest), DdlAction.PROBE, 0, random);
        DdlDispatch dispatch = ddl.dispatchSetup(probe, token);
        if (dispatch instanceof DdlDispatch.PermitRefused refused) {
            return new Missing(CapabilityProblem.PROBE_REFUSED, "probe refused: " + refused.reason());
        }
        if (dispatch instanceof DdlDispatch.NotSent) {
            return new Missing(CapabilityProblem.PROBE_NOT_SENT, "probe was not sent");
        }
        String answer = DispatchAnswers.describe(((DdlDispatch.Sent) dispatch).answer());
        return resolve(probe, token, hosts, inventoryDigest, facts.serverVersion(), answer);
    }

    /** The queue alone decides; {@code answer} (what the initiator said) is only added to the detail. */
    private CapabilityVerdict resolve(
            SetupDdl.CapabilityProbe probe,
            DdlCorrelationToken token,
            Set<HostEndpoint> hosts,
            Digest inventoryDigest,
            String serverVersion,
            String answer) {
        String suffix = " (initiator: " + answer + ")";
        QueueBinding binding = resolver.bind(probe.expected(token));
        if (binding instanceof QueueBinding.Unbound unbound) {
            return new Missing(CapabilityProblem.PROBE_UNBOUND, "probe entry " + unbound.cause() + suffix);
        }
        QueueBinding.Bound bound = (QueueBinding.Bound) binding;
        if (bound.lookup().storedQuery().contains(probe.marker())) {
            return new Missing(CapabilityProblem.COMMENT_STORED, "the stored query kept the leading comment" + suffix);
        }
        QueueResolution resolution = resolver.read(bound.lookup().entry(), hosts, QueueEntryResolver.Until.TERMINAL);
        if (resolution instanceof QueueResolution.Unknown unknown) {
            return new Missing(CapabilityProblem.PROBE_UNREADABLE, "probe entry " + unknown.cause() + suffix);
        }
        QueueResolution.Bound read = (QueueResolution.Bound) resolution;
        return switch (read.outcome()) {
            case TERMINAL_SUCCESS -> new CapabilityVerdict.Proven(inventoryDigest, read.entry(), serverVersion);
            case IN_PROGRESS -> new Missing(CapabilityProblem.PROBE_NOT_TERMINAL, "probe entry IN_PROGRESS" + suffix);
            case TERMINAL_FAILURE ->
                new Missing(CapabilityProblem.PROBE_FAILED_ON_HOST, "probe entry TERMINAL_FAILURE" + suffix);
            case OUTCOME_UNKNOWN ->
                new Missing(CapabilityProblem.PROBE_HOSTS_UNKNOWN, "probe entry OUTCOME_UNKNOWN" + suffix);
        };
    }

    private String hex() {
        byte[] bits = random.next(NAME_BYTES);
        if (bits == null || bits.length != NAME_BYTES) {
            throw new IllegalStateException("random source returned the wrong number of bytes");
        }
        return HexFormat.of().formatHex(bits);
    }
}
