package io.dpone.testkit.simulator;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.AuthorityQueryIds;
import io.dpone.clickhouse.cluster.authority.ControlStore;
import io.dpone.clickhouse.cluster.authority.FacadePort;
import io.dpone.clickhouse.cluster.authority.KeeperMapAuthority;
import io.dpone.clickhouse.cluster.authority.PermitLifetime;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.generation.TableIdentityKind;
import io.dpone.clickhouse.cluster.ddl.DdlPort;
import io.dpone.clickhouse.cluster.port.CandidateLoadPort;
import io.dpone.clickhouse.cluster.port.CatalogPort;
import io.dpone.clickhouse.cluster.port.MonotonicClock;
import io.dpone.clickhouse.cluster.port.Sleeper;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.simulator.ports.PortContext;
import io.dpone.testkit.simulator.ports.SimCatalogPort;
import io.dpone.testkit.simulator.ports.SimControlStore;
import io.dpone.testkit.simulator.ports.SimDdlPort;
import io.dpone.testkit.simulator.ports.SimFacadePort;
import io.dpone.testkit.simulator.ports.SimLoadPort;
import java.time.Clock;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Everything one worker's service needs, connected through one member: the ports the real adapters
 * implement, the clock and sleeper of virtual time, and deterministic query ids and random bits, so
 * that a run depends on nothing but the seed. Call the ports only from the worker's own thread (the
 * one {@link ClusterSimulator#run} gives it, or the test thread outside a run).
 */
public final class WorkerPorts {
    private final PortContext context;
    private final Clock clock;
    private final RandomBits randomBits;
    private final long ddlTaskTimeoutSeconds;
    private final CatalogPort catalog;
    private final CatalogPort directCatalog;
    private final DdlPort ddl;
    private final FacadePort facade;
    private final CandidateLoadPort loader;

    WorkerPorts(PortContext context, Clock clock, Random random) {
        this(
                context,
                clock,
                RandomBits.from(random),
                context.world().timings().ddlTaskTimeout().toSeconds());
    }

    private WorkerPorts(PortContext context, Clock clock, RandomBits randomBits, long ddlTaskTimeoutSeconds) {
        this.context = context;
        this.clock = clock;
        this.randomBits = randomBits;
        this.ddlTaskTimeoutSeconds = ddlTaskTimeoutSeconds;
        this.catalog = new SimCatalogPort(context);
        this.directCatalog = new SimCatalogPort(context, TableIdentityKind.DIRECT);
        this.ddl = new SimDdlPort(context, ddlTaskTimeoutSeconds);
        this.facade = new SimFacadePort(context);
        this.loader = new SimLoadPort(context);
    }

    /**
     * The same worker (member, query ids, random bits) whose DDL port sends {@code seconds} as
     * {@code distributed_ddl_task_timeout}, and whose initiator waits exactly that long in virtual time,
     * with {@link #permitLifetime} bounded by it: what the providers wire from the settings'
     * {@code ddlTaskTimeoutSeconds}.
     */
    public WorkerPorts withDdlTaskTimeout(long seconds) {
        if (seconds < 1 || seconds > 86_400) {
            throw new IllegalArgumentException("seconds must be in 1..86400");
        }
        return new WorkerPorts(context, clock, randomBits, seconds);
    }

    /** The {@code distributed_ddl_task_timeout} this worker's DDL port sends and waits (the simulator's default unless set). */
    public long ddlTaskTimeoutSeconds() {
        return ddlTaskTimeoutSeconds;
    }

    public String name() {
        return context.worker();
    }

    /** For the external-mode ports ({@link ExternalWorkerPorts}), kept out of this class so it never links that module. */
    public PortContext context() {
        return context;
    }

    /** The index of the member this worker is connected through. */
    public int member() {
        return context.memberIndex();
    }

    public CatalogPort catalog() {
        return catalog;
    }

    /** The catalog with direct (non-replicated) member identities, as external mode's adapter reads members. */
    public CatalogPort directCatalog() {
        return directCatalog;
    }

    public DdlPort ddl() {
        return ddl;
    }

    public FacadePort facade() {
        return facade;
    }

    public CandidateLoadPort loader() {
        return loader;
    }

    /** The KeeperMap control store of {@code control} through this worker's member. */
    public ControlStore controlStore(TableRef control) {
        return new SimControlStore(context, requireNonNull(control, "control is null"));
    }

    /** The production authority over {@link #controlStore}, with this worker's deterministic query ids and {@link #permitLifetime}. */
    public KeeperMapAuthority<AuthorityRecord> authority(TableRef control) {
        return KeeperMapAuthority.internal(controlStore(control), authorityQueryIds(), permitLifetime());
    }

    /** Virtual time as a monotonic clock: a paused worker's clock shows the pause. */
    public MonotonicClock monotonicClock() {
        return () -> TimeUnit.MILLISECONDS.toNanos(clock.millis());
    }

    /** The production permit bound for this worker's {@link #ddlTaskTimeoutSeconds}, on {@link #monotonicClock}. */
    public PermitLifetime permitLifetime() {
        return PermitLifetime.forTaskTimeout(monotonicClock(), ddlTaskTimeoutSeconds);
    }

    /** Waits virtual time; a scheduling point like any port call. Never throws {@link InterruptedException}. */
    public Sleeper sleeper() {
        return duration -> context.gate().sleep(context.worker(), context.memberIndex(), duration.toMillis());
    }

    /** Virtual time, shared by every worker. */
    public Clock clock() {
        return clock;
    }

    /** Fresh client query ids {@code <worker>-q<n>} for adapters that take a supplier. */
    public Supplier<String> queryIds() {
        return context.queryIds();
    }

    /** Fresh authority query ids {@code dpone-authority-<purpose>-<worker>-<n>}. */
    public AuthorityQueryIds authorityQueryIds() {
        Supplier<String> ids = context.queryIds();
        return purpose -> "dpone-authority-" + purpose + "-" + ids.get();
    }

    /** Seeded random bits for tokens and fences: one sequence per worker name and simulator. */
    public RandomBits randomBits() {
        return randomBits;
    }
}
