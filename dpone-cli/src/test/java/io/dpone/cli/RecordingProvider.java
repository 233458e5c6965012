package io.dpone.cli;

import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.publication.PublicationContext;
import io.dpone.spi.publication.PublicationStrategyProvider;
import io.dpone.spi.publication.Publisher;
import io.dpone.spi.receipt.EvidenceScope;
import io.dpone.spi.receipt.EvidenceStatus;
import io.dpone.spi.receipt.PublicationReceipt;

/** An internal-mode provider whose publisher either succeeds or throws a given exception; counts publishers. */
final class RecordingProvider implements PublicationStrategyProvider {
    private final RuntimeException failure;
    private int publishers;

    private RecordingProvider(RuntimeException failure) {
        this.failure = failure;
    }

    static RecordingProvider succeeding() {
        return new RecordingProvider(null);
    }

    static RecordingProvider failingWith(RuntimeException failure) {
        return new RecordingProvider(failure);
    }

    @Override
    public ReplicationMode replicationMode() {
        return ReplicationMode.INTERNAL;
    }

    @Override
    public String name() {
        return "recording";
    }

    @Override
    public Publisher createPublisher(PublicationContext context) {
        publishers++;
        return request -> {
            if (failure != null) {
                throw failure;
            }
            return PublicationReceipt.committed("test.receipt.v1", ReplicationMode.INTERNAL, "op-1", EvidenceScope.RUNTIME,
                    EvidenceStatus.UNVERIFIED);
        };
    }

    int publishers() {
        return publishers;
    }
}
