package io.dpone.cli;

import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.publication.PublicationContext;
import io.dpone.spi.publication.PublicationRequest;
import io.dpone.spi.publication.PublicationStrategyProvider;
import io.dpone.spi.publication.Publisher;
import io.dpone.spi.publication.StatusRequest;
import io.dpone.spi.receipt.EvidenceScope;
import io.dpone.spi.receipt.EvidenceStatus;
import io.dpone.spi.receipt.PublicationReceipt;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * An internal-mode provider whose publisher returns a given receipt (for publish and status) or
 * throws a given exception, optionally acting on the request first (reporting progress, reading the
 * cancellation flag). Counts publishers and records every request it receives.
 */
final class RecordingProvider implements PublicationStrategyProvider {
    static final PublicationReceipt COMMITTED = PublicationReceipt.committed(
            "test.receipt.v1", ReplicationMode.INTERNAL, "op-1", EvidenceScope.RUNTIME, EvidenceStatus.UNVERIFIED);

    private final RuntimeException failure;
    private final PublicationReceipt receipt;
    private final Consumer<PublicationRequest> whilePublishing;
    private final List<PublicationRequest> requests = new ArrayList<>();
    private final List<StatusRequest> statusRequests = new ArrayList<>();
    private int publishers;

    private RecordingProvider(
            RuntimeException failure, PublicationReceipt receipt, Consumer<PublicationRequest> whilePublishing) {
        this.failure = failure;
        this.receipt = receipt;
        this.whilePublishing = whilePublishing;
    }

    static RecordingProvider succeeding() {
        return returning(COMMITTED);
    }

    static RecordingProvider returning(PublicationReceipt receipt) {
        return new RecordingProvider(null, receipt, request -> {});
    }

    static RecordingProvider failingWith(RuntimeException failure) {
        return new RecordingProvider(failure, null, request -> {});
    }

    /** The same provider behaviour, running {@code action} on each publication request before answering. */
    RecordingProvider whilePublishing(Consumer<PublicationRequest> action) {
        return new RecordingProvider(failure, receipt, action);
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
        return new Publisher() {
            @Override
            public PublicationReceipt publish(PublicationRequest request) {
                requests.add(request);
                whilePublishing.accept(request);
                return answer();
            }

            @Override
            public PublicationReceipt status(StatusRequest request) {
                statusRequests.add(request);
                return answer();
            }
        };
    }

    private PublicationReceipt answer() {
        if (failure != null) {
            throw failure;
        }
        return receipt;
    }

    int publishers() {
        return publishers;
    }

    List<PublicationRequest> requests() {
        return requests;
    }

    PublicationRequest onlyRequest() {
        if (requests.size() != 1) {
            throw new AssertionError("expected exactly one publication request, got " + requests.size());
        }
        return requests.get(0);
    }

    List<StatusRequest> statusRequests() {
        return statusRequests;
    }
}
