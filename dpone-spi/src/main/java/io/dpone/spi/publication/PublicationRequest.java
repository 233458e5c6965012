package io.dpone.spi.publication;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.source.PublicationSource;

/**
 * What a host hands a publisher for one publication.
 *
 * @param schedulerInvocationId the scheduler's stable id of this logical run: a retry of the same
 *     run passes the same id and resumes the same operation; worker try numbers are not part of it
 */
public record PublicationRequest(
        String schedulerInvocationId,
        PublicationSource source,
        ClusterConnection connection,
        Cancellation cancellation,
        ProgressListener progress) {
    public static final int MAX_INVOCATION_ID_LENGTH = 256;

    public PublicationRequest {
        requireInvocationId(schedulerInvocationId);
        requireNonNull(source, "source is null");
        requireNonNull(connection, "connection is null");
        requireNonNull(cancellation, "cancellation is null");
        requireNonNull(progress, "progress is null");
    }

    static void requireInvocationId(String id) {
        requireNonNull(id, "schedulerInvocationId is null");
        if (id.isBlank() || id.length() > MAX_INVOCATION_ID_LENGTH || id.chars().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException("a scheduler invocation id is non-blank, printable and at most "
                    + MAX_INVOCATION_ID_LENGTH + " chars");
        }
    }
}
