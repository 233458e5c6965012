package io.dpone.spi.receipt;

import io.dpone.spi.manifest.WireName;

/** What a receipt's evidence covers. */
public enum EvidenceScope implements WireName {
    /** Produced by an ordinary production-composed publication. */
    RUNTIME("runtime"),
    /** Produced against a local synthetic fixture; it binds the commit and fixture and is not live certification. */
    LOCAL_SYNTHETIC("local_synthetic");

    private final String wireName;

    EvidenceScope(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }
}
