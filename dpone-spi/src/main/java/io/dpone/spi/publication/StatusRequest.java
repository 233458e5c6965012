package io.dpone.spi.publication;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * A read-only status question: what the target's authority record and every member show now.
 *
 * @param schedulerInvocationId when present, the status also says whether the record belongs to
 *     this invocation's operation
 */
public record StatusRequest(ClusterConnection connection, Optional<String> schedulerInvocationId) {
    public StatusRequest {
        requireNonNull(connection, "connection is null");
        requireNonNull(schedulerInvocationId, "schedulerInvocationId is null");
        schedulerInvocationId.ifPresent(PublicationRequest::requireInvocationId);
    }
}
