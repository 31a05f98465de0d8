public enum HTTP1Placeholder {}
