package io.dpone.spi.receipt;

import io.dpone.spi.manifest.WireName;

/** Certification status of a receipt. Runtime execution cannot self-certify. */
public enum EvidenceStatus implements WireName {
    UNVERIFIED("UNVERIFIED"),
    /** Set only by the separate exact-commit evidence producer, never by a runtime publisher. */
    CERTIFIED("CERTIFIED");

    private final String wireName;

    EvidenceStatus(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }
}
