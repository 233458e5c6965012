package io.dpone.spi.decision;

import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.manifest.SinkManifest;
import io.dpone.spi.publication.HostEnvironment;
import io.dpone.spi.publication.PublicationStrategyProvider;
import java.util.List;

/** A provider whose static admission answers a fixed list of blockers and counts its calls. */
public final class FakeProvider implements PublicationStrategyProvider {
    private final ReplicationMode mode;
    private final List<Blocker> blockers;
    private int admissions;

    public FakeProvider(ReplicationMode mode, List<Blocker> blockers) {
        this.mode = mode;
        this.blockers = List.copyOf(blockers);
    }

    public FakeProvider(ReplicationMode mode) {
        this(mode, List.of());
    }

    @Override
    public ReplicationMode replicationMode() {
        return mode;
    }

    @Override
    public String name() {
        return "fake-" + mode.wireName();
    }

    @Override
    public List<Blocker> admit(SinkManifest manifest, HostEnvironment environment) {
        admissions++;
        return blockers;
    }

    public int admissions() {
        return admissions;
    }
}
