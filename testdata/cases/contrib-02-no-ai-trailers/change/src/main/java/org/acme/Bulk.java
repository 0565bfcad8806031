package org.acme;

public final class Bulk {
    public int attempts() {
        return 3;
    }
}
