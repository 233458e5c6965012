package io.dpone.spi.decision;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.error.DponeErrorCode;

/**
 * One reason static admission refuses a request: a stable code plus a bounded message that names
 * manifest fields, never their values.
 */
public record Blocker(DponeErrorCode code, String message) {
    public static final int MAX_MESSAGE_LENGTH = 300;

    public Blocker {
        requireNonNull(code, "code is null");
        requireNonNull(message, "message is null");
        if (message.isBlank() || message.length() > MAX_MESSAGE_LENGTH) {
            throw new IllegalArgumentException("blocker message must be non-blank and bounded");
        }
    }
}
